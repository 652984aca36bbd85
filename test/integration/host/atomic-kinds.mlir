// Every kind of memref.atomic_rmw that has no instruction of its own on some
// target, in device and workgroup memory, on every target: the float
// minima and maxima, addf on f64, xori, muli and assign. On Vulkan they are
// compare-and-exchange loops (floats through their bits); 32 threads
// contend for each cell, so a lost update would show in the result.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [31,  1,  31,  0,  496,  -1,  4.29497e+09,  4.29497e+09,  7,  31,  -1]
func.func private @printMemrefF64(memref<*xf64>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %f = gpu.alloc host_shared () : memref<4xf32>
  %d = gpu.alloc host_shared () : memref<3xf64>
  %i = gpu.alloc host_shared () : memref<2xi32>
  %l = gpu.alloc host_shared () : memref<2xi64>
  %w = gpu.alloc host_shared () : memref<2xf64>
  %zf = arith.constant 0.0 : f32
  %bigf = arith.constant 100.0 : f32
  %negf = arith.constant -1.0 : f32
  %zd = arith.constant 0.0 : f64
  %bigd = arith.constant 100.0 : f64
  %zi = arith.constant 0 : i32
  %zl = arith.constant 0 : i64
  %onel = arith.constant 1 : i64
  %cf1 = arith.constant 1.0 : f32
  %ci1 = arith.constant 1 : i32
  %cl1 = arith.constant 1 : i64
  %cl2 = arith.constant 2 : i64
  %c7 = arith.constant 7 : i32
  memref.store %negf, %f[%c0] : memref<4xf32>
  memref.store %bigf, %f[%c1] : memref<4xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  memref.store %negf, %f[%c2] : memref<4xf32>
  memref.store %bigf, %f[%c3] : memref<4xf32>
  memref.store %zd, %d[%c0] : memref<3xf64>
  memref.store %zd, %d[%c1] : memref<3xf64>
  memref.store %zd, %d[%c2] : memref<3xf64>
  memref.store %zi, %i[%c0] : memref<2xi32>
  memref.store %zi, %i[%c1] : memref<2xi32>
  memref.store %zl, %l[%c0] : memref<2xi64>
  memref.store %onel, %l[%c1] : memref<2xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sf : memref<1xf32, #gpu.address_space<workgroup>>,
                       %si : memref<1xi32, #gpu.address_space<workgroup>>) {
    %t32 = arith.index_cast %tx : index to i32
    %t = arith.sitofp %t32 : i32 to f32
    %tp1 = arith.addf %t, %cf1 : f32
    %td = arith.extf %t : f32 to f64
    %bit = arith.shli %ci1, %t32 : i32
    %t64 = arith.index_cast %tx : index to i64
    %bitl = arith.shli %cl1, %t64 : i64
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %negf, %sf[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      memref.store %zi, %si[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %a = memref.atomic_rmw maximumf %t, %f[%c0] : (f32, memref<4xf32>) -> f32
    %b = memref.atomic_rmw minimumf %tp1, %f[%c1] : (f32, memref<4xf32>) -> f32
    %e = memref.atomic_rmw maxnumf %t, %f[%c2] : (f32, memref<4xf32>) -> f32
    %g = memref.atomic_rmw minnumf %t, %f[%c3] : (f32, memref<4xf32>) -> f32
    %h = memref.atomic_rmw addf %td, %d[%c0] : (f64, memref<3xf64>) -> f64
    %j = memref.atomic_rmw xori %bit, %i[%c0] : (i32, memref<2xi32>) -> i32
    %k = memref.atomic_rmw xori %bitl, %l[%c0] : (i64, memref<2xi64>) -> i64
    %m = memref.atomic_rmw muli %cl2, %l[%c1] : (i64, memref<2xi64>) -> i64
    %n = memref.atomic_rmw assign %c7, %i[%c1] : (i32, memref<2xi32>) -> i32
    %o = memref.atomic_rmw maximumf %t, %sf[%c0] : (f32, memref<1xf32, #gpu.address_space<workgroup>>) -> f32
    %p = memref.atomic_rmw xori %bit, %si[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
    gpu.barrier
    scf.if %first {
      %x = memref.load %sf[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %xd = arith.extf %x : f32 to f64
      memref.store %xd, %w[%c0] : memref<2xf64>
      %y = memref.load %si[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %yd = arith.sitofp %y : i32 to f64
      memref.store %yd, %w[%c1] : memref<2xf64>
    }
    gpu.terminator
  }
  %out = memref.alloc() : memref<11xf64>
  %ff = memref.load %f[%c0] : memref<4xf32>
  %fd = arith.extf %ff : f32 to f64
  memref.store %fd, %out[%c0] : memref<11xf64>
  %f1 = memref.load %f[%c1] : memref<4xf32>
  %f1d = arith.extf %f1 : f32 to f64
  memref.store %f1d, %out[%c1] : memref<11xf64>
  %f2 = memref.load %f[%c2] : memref<4xf32>
  %f2d = arith.extf %f2 : f32 to f64
  memref.store %f2d, %out[%c2] : memref<11xf64>
  %f3 = memref.load %f[%c3] : memref<4xf32>
  %f3d = arith.extf %f3 : f32 to f64
  memref.store %f3d, %out[%c3] : memref<11xf64>
  %d0 = memref.load %d[%c0] : memref<3xf64>
  %c4 = arith.constant 4 : index
  memref.store %d0, %out[%c4] : memref<11xf64>
  %i0 = memref.load %i[%c0] : memref<2xi32>
  %i0d = arith.sitofp %i0 : i32 to f64
  %c5 = arith.constant 5 : index
  memref.store %i0d, %out[%c5] : memref<11xf64>
  %l0 = memref.load %l[%c0] : memref<2xi64>
  %l0d = arith.sitofp %l0 : i64 to f64
  %c6 = arith.constant 6 : index
  memref.store %l0d, %out[%c6] : memref<11xf64>
  %l1 = memref.load %l[%c1] : memref<2xi64>
  %l1d = arith.sitofp %l1 : i64 to f64
  %c7i = arith.constant 7 : index
  memref.store %l1d, %out[%c7i] : memref<11xf64>
  %i1 = memref.load %i[%c1] : memref<2xi32>
  %i1d = arith.sitofp %i1 : i32 to f64
  %c8 = arith.constant 8 : index
  memref.store %i1d, %out[%c8] : memref<11xf64>
  %w0 = memref.load %w[%c0] : memref<2xf64>
  %c9 = arith.constant 9 : index
  memref.store %w0, %out[%c9] : memref<11xf64>
  %w1 = memref.load %w[%c1] : memref<2xf64>
  %c10 = arith.constant 10 : index
  memref.store %w1, %out[%c10] : memref<11xf64>
  %cast = memref.cast %out : memref<11xf64> to memref<*xf64>
  call @printMemrefF64(%cast) : (memref<*xf64>) -> ()
  return
}
