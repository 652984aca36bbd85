// A kernel's byte buffers viewed as other types (memref.view): workgroup
// memory as floats and, further on, as integers at a byte offset the
// launch passes, and an argument of bytes as floats. On Vulkan each buffer
// takes the type of its views (SPIR-V addresses memory logically).
// Thread t of 8 writes float t and int 10t; it reads back the float of
// thread 7 - t and the int of thread (t + 1) mod 8, and adds both into
// float t of the argument, which holds 0.5 * t.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [17,  26.5,  36,  45.5,  55,  64.5,  74,  3.5]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @mix(%out: memref<32xi8>, %shift: index)
        workgroup(%shared: memref<96xi8, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c10 = arith.constant 10 : i32
      %t = gpu.thread_id x
      %floats = memref.view %shared[%c0][] : memref<96xi8, #gpu.address_space<workgroup>> to memref<8xf32, #gpu.address_space<workgroup>>
      %ints = memref.view %shared[%shift][] : memref<96xi8, #gpu.address_space<workgroup>> to memref<2x4xi32, #gpu.address_space<workgroup>>
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      memref.store %tf, %floats[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      %ten = arith.muli %ti, %c10 : i32
      %c4 = arith.constant 4 : index
      %ir = arith.divui %t, %c4 : index
      %ic = arith.remui %t, %c4 : index
      memref.store %ten, %ints[%ir, %ic] : memref<2x4xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %mirror = arith.subi %c7, %t : index
      %f = memref.load %floats[%mirror] : memref<8xf32, #gpu.address_space<workgroup>>
      %n1 = arith.addi %t, %c1 : index
      %n = arith.remui %n1, %c8 : index
      %nr = arith.divui %n, %c4 : index
      %nc = arith.remui %n, %c4 : index
      %i = memref.load %ints[%nr, %nc] : memref<2x4xi32, #gpu.address_space<workgroup>>
      %if = arith.sitofp %i : i32 to f32
      %result = memref.view %out[%c0][] : memref<32xi8> to memref<8xf32>
      %old = memref.load %result[%t] : memref<8xf32>
      %a = arith.addf %old, %f : f32
      %b = arith.addf %a, %if : f32
      memref.store %b, %result[%t] : memref<8xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %half = arith.constant 0.5 : f32
    %host = memref.alloc() : memref<32xi8>
    %floats = memref.view %host[%c0][] : memref<32xi8> to memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %h = arith.mulf %f, %half : f32
      memref.store %h, %floats[%i] : memref<8xf32>
    }
    %device = gpu.alloc() : memref<32xi8>
    gpu.memcpy %device, %host : memref<32xi8>, memref<32xi8>
    gpu.launch_func @k::@mix blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%device : memref<32xi8>, %c64 : index)
    gpu.memcpy %host, %device : memref<32xi8>, memref<32xi8>
    %u = memref.cast %floats : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
