// vector.reduction of floats with an accumulator, add and mul, in a
// kernel: in order from the accumulator, as LLVM's reduction without
// reassoc computes ((acc + v0) + v1). On Vulkan, MLIR's lowering added the
// accumulator last, which these values tell apart: 1e8 + -1e8 + 1 is 1,
// -1e8 + 1 + 1e8 is 0; 1e30 * 1e30 * 1e-30 overflows, 1e30 * 1e-30 * 1e30
// does not.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 1, inf, 1, 1 )

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %in = gpu.alloc host_shared () : memref<4xf32>
  %init = arith.constant dense<[1.0e8, -1.0e8, 1.0, 1.0e30]> : vector<4xf32>
  vector.store %init, %in[%c0] : memref<4xf32>, vector<4xf32>
  %small = gpu.alloc host_shared () : memref<2xf32>
  %s = arith.constant dense<[1.0e30, 1.0e-30]> : vector<2xf32>
  vector.store %s, %small[%c0] : memref<2xf32>, vector<2xf32>
  %halves = gpu.alloc host_shared () : memref<3xf16>
  %h = arith.constant dense<[4096.0, -4096.0, 1.0]> : vector<3xf16>
  vector.store %h, %halves[%c0] : memref<3xf16>, vector<3xf16>
  %wide = gpu.alloc host_shared () : memref<3xf64>
  %w = arith.constant dense<[1.0e17, -1.0e17, 1.0]> : vector<3xf64>
  vector.store %w, %wide[%c0] : memref<3xf64>, vector<3xf64>
  %out = gpu.alloc host_shared () : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
      threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %acc = memref.load %in[%i0] : memref<4xf32>
    %lanes = vector.load %in[%i1] : memref<4xf32>, vector<2xf32>
    %sum = vector.reduction <add>, %lanes, %acc : vector<2xf32> into f32
    memref.store %sum, %out[%i0] : memref<4xf32>
    %big = memref.load %in[%i3] : memref<4xf32>
    %factors = vector.load %small[%i0] : memref<2xf32>, vector<2xf32>
    %product = vector.reduction <mul>, %factors, %big : vector<2xf32> into f32
    memref.store %product, %out[%i1] : memref<4xf32>
    %hacc = memref.load %halves[%i0] : memref<3xf16>
    %hlanes = vector.load %halves[%i1] : memref<3xf16>, vector<2xf16>
    %hsum = vector.reduction <add>, %hlanes, %hacc : vector<2xf16> into f16
    %hsum32 = arith.extf %hsum : f16 to f32
    memref.store %hsum32, %out[%i2] : memref<4xf32>
    %wacc = memref.load %wide[%i0] : memref<3xf64>
    %wlanes = vector.load %wide[%i1] : memref<3xf64>, vector<2xf64>
    %wsum = vector.reduction <add>, %wlanes, %wacc : vector<2xf64> into f64
    %wsum32 = arith.truncf %wsum : f64 to f32
    memref.store %wsum32, %out[%i3] : memref<4xf32>
    gpu.terminator
  }
  %r = vector.load %out[%c0] : memref<4xf32>, vector<4xf32>
  vector.print %r : vector<4xf32>
  return
}
