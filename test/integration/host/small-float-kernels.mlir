// Kernels computing on the float types LLVM lacks: f8E4M3FN and f8E5M2 in
// memory, arithmetic, comparisons, math and conversions. The host target
// computes them with APFloat; NVIDIA, AMD and Vulkan with inline
// conversions that round the same way (test/pipeline/expand-small-floats.test),
// so every target prints the same (Vulkan keeps them in bytes).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @mix(%a: memref<8xf8E4M3FN>, %b: memref<8xf8E5M2>,
                  %sum: memref<8xf8E4M3FN>, %big: memref<8xi1>,
                  %wide: memref<8xf32>, %root: memref<8xf8E5M2>,
                  %v: memref<8xf8E4M3FN>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<8xf8E4M3FN>
      %y = memref.load %b[%i] : memref<8xf8E5M2>
      %ye = arith.extf %y : f8E5M2 to f16
      %yt = arith.truncf %ye : f16 to f8E4M3FN
      %s = arith.addf %x, %yt : f8E4M3FN
      %p = arith.mulf %s, %x : f8E4M3FN
      memref.store %p, %sum[%i] : memref<8xf8E4M3FN>
      %gt = arith.cmpf ogt, %x, %yt : f8E4M3FN
      memref.store %gt, %big[%i] : memref<8xi1>
      %w = arith.extf %p : f8E4M3FN to f32
      memref.store %w, %wide[%i] : memref<8xf32>
      %r = math.sqrt %y : f8E5M2
      memref.store %r, %root[%i] : memref<8xf8E5M2>
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %lt = arith.cmpi ult, %i, %c4 : index
      scf.if %lt {
        %two = arith.constant dense<2.0> : vector<2xf8E4M3FN>
        %j = arith.muli %i, %c4 : index
        %j2 = arith.divui %j, %c4 : index
        %k = arith.addi %j2, %j2 : index
        %vec = vector.load %a[%k] : memref<8xf8E4M3FN>, vector<2xf8E4M3FN>
        %d = arith.divf %vec, %two : vector<2xf8E4M3FN>
        vector.store %d, %v[%k] : memref<8xf8E4M3FN>, vector<2xf8E4M3FN>
      }
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @print(%m: memref<8xf32>) {
    %u = memref.cast %m : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %a = gpu.alloc host_shared () : memref<8xf8E4M3FN>
    %b = gpu.alloc host_shared () : memref<8xf8E5M2>
    %sum = gpu.alloc host_shared () : memref<8xf8E4M3FN>
    %big = gpu.alloc host_shared () : memref<8xi1>
    %wide = gpu.alloc host_shared () : memref<8xf32>
    %root = gpu.alloc host_shared () : memref<8xf8E5M2>
    %v = gpu.alloc host_shared () : memref<8xf8E4M3FN>
    %av = arith.constant dense<[0.1, 1.5, -3.25, 17.0, 240.0, 0.0078125, -448.0, 2.75]> : vector<8xf8E4M3FN>
    %bv = arith.constant dense<[0.5, 3.0, 6.0, -20.0, 300.0, 0.001, 1.0, 57344.0]> : vector<8xf8E5M2>
    vector.store %av, %a[%c0] : memref<8xf8E4M3FN>, vector<8xf8E4M3FN>
    vector.store %bv, %b[%c0] : memref<8xf8E5M2>, vector<8xf8E5M2>
    gpu.launch_func @k::@mix blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%a : memref<8xf8E4M3FN>, %b : memref<8xf8E5M2>,
             %sum : memref<8xf8E4M3FN>, %big : memref<8xi1>,
             %wide : memref<8xf32>, %root : memref<8xf8E5M2>,
             %v : memref<8xf8E4M3FN>)
    %out = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %sum[%i] : memref<8xf8E4M3FN>
      %e = arith.extf %x : f8E4M3FN to f32
      memref.store %e, %out[%i] : memref<8xf32>
    }
    // (a + b) * a, each result rounded to f8E4M3FN (17 is 16 there, and
    // 1.5 * 4.5 a tie rounded to the even 7); 240 + 288 overflows to NaN,
    // as f8E4M3FN has no infinity, and so do 57344 and -448 * -447. A
    // NaN's sign is the target's.
    // CHECK: [0.0625,  7,  -9,  -64,  {{-?}}nan,  0,  {{-?}}nan,  {{-?}}nan]
    call @print(%out) : (memref<8xf32>) -> ()
    // CHECK: [0.0625,  7,  -9,  -64,  {{-?}}nan,  0,  {{-?}}nan,  {{-?}}nan]
    call @print(%wide) : (memref<8xf32>) -> ()
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %big[%i] : memref<8xi1>
      %e = arith.uitofp %x : i1 to f32
      memref.store %e, %out[%i] : memref<8xf32>
    }
    // CHECK: [0,  0,  0,  1,  0,  1,  0,  0]
    call @print(%out) : (memref<8xf32>) -> ()
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %root[%i] : memref<8xf8E5M2>
      %e = arith.extf %x : f8E5M2 to f32
      memref.store %e, %out[%i] : memref<8xf32>
    }
    // sqrt in f32, rounded to two bits of mantissa; sqrt(-20) is NaN.
    // CHECK: [0.75,  1.75,  2.5,  {{-?}}nan,  16,  0.03125,  1,  224]
    call @print(%out) : (memref<8xf32>) -> ()
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %v[%i] : memref<8xf8E4M3FN>
      %e = arith.extf %x : f8E4M3FN to f32
      memref.store %e, %out[%i] : memref<8xf32>
    }
    // CHECK: [0.0507812,  0.75,  -1.625,  8,  120,  0.00390625,  -224,  1.375]
    call @print(%out) : (memref<8xf32>) -> ()
    return
  }
}
