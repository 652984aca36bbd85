// memref.atomic_rmw mulf and muli in a kernel, which LLVM has no atomic
// instruction for: compare-and-swap loops that multiply. Eight threads
// multiply 1 by 2 and 1 by 3 in f32, f64 (in workgroup memory too) and
// i32, i64; the f32 one also records the value each replaced.
// Vulkan has no atomic multiply: there too a compare-and-exchange loop.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [256,  256,  6561,  6561,  256,  1]
func.func private @printMemrefF64(memref<*xf64>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = gpu.alloc host_shared () : memref<1xf32>
  %d = gpu.alloc host_shared () : memref<1xf64>
  %i = gpu.alloc host_shared () : memref<1xi32>
  %l = gpu.alloc host_shared () : memref<1xi64>
  %out = gpu.alloc host_shared () : memref<6xf64>
  %old = gpu.alloc host_shared () : memref<8xf32>
  %one = arith.constant 1.0 : f32
  %oned = arith.constant 1.0 : f64
  %onei = arith.constant 1 : i32
  %onel = arith.constant 1 : i64
  memref.store %one, %f[%c0] : memref<1xf32>
  memref.store %oned, %d[%c0] : memref<1xf64>
  memref.store %onei, %i[%c0] : memref<1xi32>
  memref.store %onel, %l[%c0] : memref<1xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%shared : memref<1xf64, #gpu.address_space<workgroup>>) {
    %two = arith.constant 2.0 : f32
    %twod = arith.constant 2.0 : f64
    %three = arith.constant 3 : i32
    %threel = arith.constant 3 : i64
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %init = arith.constant 1.0 : f64
      memref.store %init, %shared[%c0] : memref<1xf64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %was = memref.atomic_rmw mulf %two, %f[%c0] : (f32, memref<1xf32>) -> f32
    memref.store %was, %old[%tx] : memref<8xf32>
    %b = memref.atomic_rmw mulf %twod, %d[%c0] : (f64, memref<1xf64>) -> f64
    %c = memref.atomic_rmw muli %three, %i[%c0] : (i32, memref<1xi32>) -> i32
    %e = memref.atomic_rmw muli %threel, %l[%c0] : (i64, memref<1xi64>) -> i64
    %s = memref.atomic_rmw mulf %twod, %shared[%c0] : (f64, memref<1xf64, #gpu.address_space<workgroup>>) -> f64
    gpu.barrier
    scf.if %first {
      %v = memref.load %shared[%c0] : memref<1xf64, #gpu.address_space<workgroup>>
      %c4 = arith.constant 4 : index
      memref.store %v, %out[%c4] : memref<6xf64>
    }
    gpu.terminator
  }
  %vf = memref.load %f[%c0] : memref<1xf32>
  %vff = arith.extf %vf : f32 to f64
  memref.store %vff, %out[%c0] : memref<6xf64>
  %vd = memref.load %d[%c0] : memref<1xf64>
  memref.store %vd, %out[%c1] : memref<6xf64>
  %vi = memref.load %i[%c0] : memref<1xi32>
  %vif = arith.sitofp %vi : i32 to f64
  %c2 = arith.constant 2 : index
  memref.store %vif, %out[%c2] : memref<6xf64>
  %vl = memref.load %l[%c0] : memref<1xi64>
  %vlf = arith.sitofp %vl : i64 to f64
  %c3 = arith.constant 3 : index
  memref.store %vlf, %out[%c3] : memref<6xf64>
  // The values the threads replaced are 1, 2, 4, ..., 128, each once:
  // their product over 2^28 is 1.
  %prod = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %oned) -> f64 {
    %w = memref.load %old[%k] : memref<8xf32>
    %wf = arith.extf %w : f32 to f64
    %m = arith.mulf %acc, %wf : f64
    scf.yield %m : f64
  }
  %p28 = arith.constant 268435456.0 : f64
  %ratio = arith.divf %prod, %p28 : f64
  %c5 = arith.constant 5 : index
  memref.store %ratio, %out[%c5] : memref<6xf64>
  %u = memref.cast %out : memref<6xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
