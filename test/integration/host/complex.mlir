// The complex dialect, in host code and in a kernel: arithmetic, division
// (Smith's algorithm), abs, exp, log, sqrt, pow, tanh and sign on
// complex<f32> and complex<f64>, loads and stores of complex elements.
// MLIR's complex-to-standard lowers the operations, complex-to-llvm the
// values (on Vulkan, selects of complex numbers are selects of parts).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Host code: (1+2i)(3-i) = 5+5i, (1+2i)/(3-i) = 0.1+0.7i, |3-i| = 3.16228,
// Re exp(1+2i) = -1.1312, Im sqrt(3-i) = -0.284849.
// CHECK: 5
// CHECK-NEXT: 5
// CHECK-NEXT: 5.1
// CHECK-NEXT: 3.16228
// CHECK-NEXT: -1.1312
// CHECK-NEXT: -0.284849
// complex<f64> through memory: Re log(0.5+0.25i), Re (0.5+0.25i)^(0.5+0.25i),
// Im tanh(0.5+0.25i).
// CHECK-NEXT: -0.581575
// CHECK-NEXT: 0.663359
// CHECK-NEXT: 0.198055
// A kernel: thread t computes z = (t + i)^2, Re z and |exp z|, and Re
// sign(t - 1) (sign(0) is 0).
// CHECK: sizes = [3, 4]
// CHECK-NEXT: [-1,   0,   3,   8],
// CHECK-NEXT: [0.367879,   1,   20.0855,   2980.96],
// CHECK-NEXT: [-1,   0,   1,   1]]
func.func private @printMemrefF32(memref<*xf32>)
func.func @host() {
  %re = arith.constant 3.0 : f32
  %im = arith.constant -1.0 : f32
  %a = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %b = complex.create %re, %im : complex<f32>
  %p = complex.mul %a, %b : complex<f32>
  %q = complex.div %a, %b : complex<f32>
  %s = complex.add %p, %q : complex<f32>
  %ab = complex.abs %b : complex<f32>
  %e = complex.exp %a : complex<f32>
  %sq = complex.sqrt %b : complex<f32>
  %pr = complex.re %p : complex<f32>
  %pi = complex.im %p : complex<f32>
  vector.print %pr : f32
  vector.print %pi : f32
  %sr = complex.re %s : complex<f32>
  vector.print %sr : f32
  vector.print %ab : f32
  %er = complex.re %e : complex<f32>
  vector.print %er : f32
  %sqi = complex.im %sq : complex<f32>
  vector.print %sqi : f32
  %m = memref.alloc() : memref<2xcomplex<f64>>
  %c0 = arith.constant 0 : index
  %d = complex.constant [0.5 : f64, 0.25 : f64] : complex<f64>
  memref.store %d, %m[%c0] : memref<2xcomplex<f64>>
  %l = memref.load %m[%c0] : memref<2xcomplex<f64>>
  %lg = complex.log %l : complex<f64>
  %lr = complex.re %lg : complex<f64>
  vector.print %lr : f64
  %pw = complex.pow %l, %l : complex<f64>
  %pwr = complex.re %pw : complex<f64>
  vector.print %pwr : f64
  %t = complex.tanh %l : complex<f64>
  %ti = complex.im %t : complex<f64>
  vector.print %ti : f64
  return
}
func.func @kernel() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %in = gpu.alloc host_shared () : memref<4xcomplex<f32>>
  %out = gpu.alloc host_shared () : memref<3x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %ti = arith.index_cast %tx : index to i32
    %tf = arith.sitofp %ti : i32 to f32
    %one = arith.constant 1.0 : f32
    %z = complex.create %tf, %one : complex<f32>
    memref.store %z, %in[%tx] : memref<4xcomplex<f32>>
    %l = memref.load %in[%tx] : memref<4xcomplex<f32>>
    %sq = complex.mul %l, %l : complex<f32>
    %e = complex.exp %sq : complex<f32>
    %a = complex.abs %e : complex<f32>
    %r = complex.re %sq : complex<f32>
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0, %tx] : memref<3x4xf32>
    memref.store %a, %out[%c1, %tx] : memref<3x4xf32>
    %shifted = arith.subf %tf, %one : f32
    %zero = arith.constant 0.0 : f32
    %w = complex.create %shifted, %zero : complex<f32>
    %sign = complex.sign %w : complex<f32>
    %sr = complex.re %sign : complex<f32>
    %c2 = arith.constant 2 : index
    memref.store %sr, %out[%c2, %tx] : memref<3x4xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  call @host() : () -> ()
  call @kernel() : () -> ()
  return
}
