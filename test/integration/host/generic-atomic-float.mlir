// memref.generic_atomic_rmw on floats, in host code and in kernels: MLIR 22
// lowers it to a compare-and-swap loop on the float, which LLVM's cmpxchg
// does not take; mlirc swaps the float's bits as an integer. 64 threads in
// two blocks each add 1 to cell (thread id mod 4) of an f16, an f32 and an
// f64 array: a lost update would leave a cell below 16.
// Vulkan's atomics take 32- and 64-bit values, and the f16 one is an error
// at the op there (atomic-kinds.mlir has the 32- and 64-bit ones).
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: 24
// CHECK-NEXT: 16
// CHECK: [16,  16,  16,  16]
// CHECK: [16,  16,  16,  16]
// CHECK: [16,  16,  16,  16]
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefF64(memref<*xf64>)

  gpu.module @kernels {
    gpu.func @count(%h: memref<4xf16>, %s: memref<4xf32>, %d: memref<4xf64>) kernel {
      %c4 = arith.constant 4 : index
      %t = gpu.thread_id x
      %i = arith.remui %t, %c4 : index
      %0 = memref.generic_atomic_rmw %h[%i] : memref<4xf16> {
      ^bb0(%cur: f16):
        %one = arith.constant 1.0 : f16
        %n = arith.addf %cur, %one : f16
        memref.atomic_yield %n : f16
      }
      %1 = memref.generic_atomic_rmw %s[%i] : memref<4xf32> {
      ^bb0(%cur: f32):
        %one = arith.constant 1.0 : f32
        %n = arith.addf %cur, %one : f32
        memref.atomic_yield %n : f32
      }
      %2 = memref.generic_atomic_rmw %d[%i] : memref<4xf64> {
      ^bb0(%cur: f64):
        %one = arith.constant 1.0 : f64
        %n = arith.addf %cur, %one : f64
        memref.atomic_yield %n : f64
      }
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    // Host code: 16 * 1.5 = 24; the op returns the old value, 16.
    %m = memref.alloc() : memref<1xf32>
    %sixteen = arith.constant 16.0 : f32
    memref.store %sixteen, %m[%c0] : memref<1xf32>
    %old = memref.generic_atomic_rmw %m[%c0] : memref<1xf32> {
    ^bb0(%cur: f32):
      %k = arith.constant 1.5 : f32
      %n = arith.mulf %cur, %k : f32
      memref.atomic_yield %n : f32
    }
    %new = memref.load %m[%c0] : memref<1xf32>
    vector.print %new : f32
    vector.print %old : f32

    %zh = arith.constant 0.0 : f16
    %zs = arith.constant 0.0 : f32
    %zd = arith.constant 0.0 : f64
    %hh = memref.alloc() : memref<4xf16>
    %hs = memref.alloc() : memref<4xf32>
    %hd = memref.alloc() : memref<4xf64>
    linalg.fill ins(%zh : f16) outs(%hh : memref<4xf16>)
    linalg.fill ins(%zs : f32) outs(%hs : memref<4xf32>)
    linalg.fill ins(%zd : f64) outs(%hd : memref<4xf64>)
    %h = gpu.alloc() : memref<4xf16>
    %s = gpu.alloc() : memref<4xf32>
    %d = gpu.alloc() : memref<4xf64>
    gpu.memcpy %h, %hh : memref<4xf16>, memref<4xf16>
    gpu.memcpy %s, %hs : memref<4xf32>, memref<4xf32>
    gpu.memcpy %d, %hd : memref<4xf64>, memref<4xf64>
    gpu.launch_func @kernels::@count blocks in (%c2, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%h : memref<4xf16>, %s : memref<4xf32>, %d : memref<4xf64>)
    gpu.memcpy %hh, %h : memref<4xf16>, memref<4xf16>
    gpu.memcpy %hs, %s : memref<4xf32>, memref<4xf32>
    gpu.memcpy %hd, %d : memref<4xf64>, memref<4xf64>
    // f16 printed as f32.
    %wide = memref.alloc() : memref<4xf32>
    scf.for %k = %c0 to %c4 step %c1 {
      %v = memref.load %hh[%k] : memref<4xf16>
      %w = arith.extf %v : f16 to f32
      memref.store %w, %wide[%k] : memref<4xf32>
    }
    %uw = memref.cast %wide : memref<4xf32> to memref<*xf32>
    %us = memref.cast %hs : memref<4xf32> to memref<*xf32>
    %ud = memref.cast %hd : memref<4xf64> to memref<*xf64>
    call @printMemrefF32(%uw) : (memref<*xf32>) -> ()
    call @printMemrefF32(%us) : (memref<*xf32>) -> ()
    call @printMemrefF64(%ud) : (memref<*xf64>) -> ()
    return
  }
}
