// Kernel arguments of every scalar width: booleans, 8- to 64-bit integers,
// f16, f32, f64 and index, each stored back so the host sees what the
// kernel received (on Vulkan they travel as push constants, narrow ones
// widened to 32 bits, index narrowed to the shader's 32 bits).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [1,  -7,  -300,  -70000,  -5000000000,  123456]
// CHECK: [0.5,  -2.25,  1e+100]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @store(%flag : i1, %a : i8, %b : i16, %c : i32, %d : i64,
                    %n : index, %h : f16, %f : f32, %g : f64,
                    %ints : memref<6xi64>, %reals : memref<3xf64>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %v0 = arith.extui %flag : i1 to i64
      %v1 = arith.extsi %a : i8 to i64
      %v2 = arith.extsi %b : i16 to i64
      %v3 = arith.extsi %c : i32 to i64
      %v5 = arith.index_cast %n : index to i64
      memref.store %v0, %ints[%c0] : memref<6xi64>
      memref.store %v1, %ints[%c1] : memref<6xi64>
      memref.store %v2, %ints[%c2] : memref<6xi64>
      memref.store %v3, %ints[%c3] : memref<6xi64>
      memref.store %d, %ints[%c4] : memref<6xi64>
      memref.store %v5, %ints[%c5] : memref<6xi64>
      %r0 = arith.extf %h : f16 to f64
      %r1 = arith.extf %f : f32 to f64
      memref.store %r0, %reals[%c0] : memref<3xf64>
      memref.store %r1, %reals[%c1] : memref<3xf64>
      memref.store %g, %reals[%c2] : memref<3xf64>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %a = arith.constant -7 : i8
    %b = arith.constant -300 : i16
    %c = arith.constant -70000 : i32
    %d = arith.constant -5000000000 : i64
    %n = arith.constant 123456 : index
    %h = arith.constant 0.5 : f16
    %f = arith.constant -2.25 : f32
    %g = arith.constant 1.0e100 : f64
    %ints = gpu.alloc() : memref<6xi64>
    %reals = gpu.alloc() : memref<3xf64>
    gpu.launch_func @kernels::@store blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%true : i1, %a : i8, %b : i16, %c : i32, %d : i64, %n : index,
             %h : f16, %f : f32, %g : f64, %ints : memref<6xi64>,
             %reals : memref<3xf64>)
    %hostInts = memref.alloc() : memref<6xi64>
    %hostReals = memref.alloc() : memref<3xf64>
    gpu.memcpy %hostInts, %ints : memref<6xi64>, memref<6xi64>
    gpu.memcpy %hostReals, %reals : memref<3xf64>, memref<3xf64>
    %pi = memref.cast %hostInts : memref<6xi64> to memref<*xi64>
    %pr = memref.cast %hostReals : memref<3xf64> to memref<*xf64>
    call @printMemrefI64(%pi) : (memref<*xi64>) -> ()
    call @printMemrefF64(%pr) : (memref<*xf64>) -> ()
    gpu.dealloc %ints : memref<6xi64>
    gpu.dealloc %reals : memref<3xf64>
    return
  }
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefF64(memref<*xf64>)
}
