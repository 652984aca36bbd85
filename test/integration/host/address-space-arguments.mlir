// Kernel arguments in #gpu.address_space<global>, as MLIR's NVGPU and TMA
// programs write them: gpu.alloc returns such memrefs to host code, which
// copies into and out of them and launches with them. Host code has one
// address space, and MLIR's LLVM conversions had no rule for the gpu
// dialect's ("<unknown>:0: error: conversion of memref memory space
// #gpu.address_space<global> to integer address space failed"). Memory
// space 1 written as a number, NVVM's and AMDGPU's for global memory,
// failed too: an unresolved cast between pointers in host code, and on
// Vulkan MLIR's numbering made it the Generic storage class, which
// shaders do not have.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: sed 's/#gpu.address_space<global>/1/g' %s > %t.numbered.mlir
// RUN: %mlirc %t.numbered.mlir --offload-arch=%offload_arch -o %t.numbered && %t.numbered | FileCheck %s

// CHECK: [3,  3,  3,  3]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @increment(%data: memref<4xf32, #gpu.address_space<global>>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %data[%i] : memref<4xf32, #gpu.address_space<global>>
      %one = arith.constant 1.0 : f32
      %w = arith.addf %v, %one : f32
      memref.store %w, %data[%i] : memref<4xf32, #gpu.address_space<global>>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %host = memref.alloc() : memref<4xf32>
    %two = arith.constant 2.0 : f32
    linalg.fill ins(%two : f32) outs(%host : memref<4xf32>)
    %device = gpu.alloc () : memref<4xf32, #gpu.address_space<global>>
    gpu.memcpy %device, %host : memref<4xf32, #gpu.address_space<global>>, memref<4xf32>
    gpu.launch_func @kernels::@increment blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%device : memref<4xf32, #gpu.address_space<global>>)
    gpu.memcpy %host, %device : memref<4xf32>, memref<4xf32, #gpu.address_space<global>>
    gpu.dealloc %device : memref<4xf32, #gpu.address_space<global>>
    %unranked = memref.cast %host : memref<4xf32> to memref<*xf32>
    func.call @printMemrefF32(%unranked) : (memref<*xf32>) -> ()
    memref.dealloc %host : memref<4xf32>
    return
  }
}
