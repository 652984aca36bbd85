// arith.maximumf and minimumf, and vector.reduction <maximumf>/<minimumf>,
// in kernels: NaN if any operand is NaN, and -0 below +0, as IEEE
// 754-2019 and LLVM define them. On Vulkan they were GLSL's FMax and FMin
// (with NaN checks for the arith ops only): maximumf(-0, +0) was -0 and a
// reduction dropped a NaN. The values come from memory, so nothing folds.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0,  -0,  0,  -0,  nan,  nan,  2,  -3]
// CHECK: [0,  -0,  nan,  nan,  0,  -0,  0,  -0]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = gpu.alloc host_shared () : memref<3x4xf32>
  %out = gpu.alloc host_shared () : memref<2x8xf32>
  %values = arith.constant dense<[[-0.0, 0.0, -0.0, -0.0], [1.0, 0x7FC00000, -3.0, 2.0], [0.0, -0.0, 0.0, 0.0]]> : vector<3x4xf32>
  vector.store %values, %in[%c0, %c0] : memref<3x4xf32>, vector<3x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %zeros = vector.load %in[%i0, %i0] : memref<3x4xf32>, vector<4xf32>
    %nans = vector.load %in[%i1, %i0] : memref<3x4xf32>, vector<4xf32>
    %pluses = vector.load %in[%i2, %i0] : memref<3x4xf32>, vector<4xf32>
    // Scalars: max(-0, +0), min(+0, -0), max(+0, -0), min(-0, +0),
    // max(1, NaN), min(NaN, -3), max(-3, 2), min(-3, 2).
    %nz = vector.extract %zeros[0] : f32 from vector<4xf32>
    %pz = vector.extract %zeros[1] : f32 from vector<4xf32>
    %one = vector.extract %nans[0] : f32 from vector<4xf32>
    %nan = vector.extract %nans[1] : f32 from vector<4xf32>
    %m3 = vector.extract %nans[2] : f32 from vector<4xf32>
    %two = vector.extract %nans[3] : f32 from vector<4xf32>
    %s0 = arith.maximumf %nz, %pz : f32
    %s1 = arith.minimumf %pz, %nz : f32
    %s2 = arith.maximumf %pz, %nz : f32
    %s3 = arith.minimumf %nz, %pz : f32
    %s4 = arith.maximumf %one, %nan : f32
    %s5 = arith.minimumf %nan, %m3 : f32
    %s6 = arith.maximumf %m3, %two : f32
    %s7 = arith.minimumf %m3, %two : f32
    %scalars = vector.from_elements %s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7 : vector<8xf32>
    vector.store %scalars, %out[%i0, %i0] : memref<2x8xf32>, vector<8xf32>
    // Reductions, and the same on vectors.
    %r0 = vector.reduction <maximumf>, %zeros : vector<4xf32> into f32
    %r1 = vector.reduction <minimumf>, %pluses : vector<4xf32> into f32
    %r2 = vector.reduction <maximumf>, %nans : vector<4xf32> into f32
    %r3 = vector.reduction <minimumf>, %nans : vector<4xf32> into f32
    %v0 = arith.maximumf %zeros, %pluses : vector<4xf32>
    %v1 = arith.minimumf %zeros, %pluses : vector<4xf32>
    %e0 = vector.extract %v0[0] : f32 from vector<4xf32>
    %e1 = vector.extract %v1[0] : f32 from vector<4xf32>
    %e2 = vector.extract %v0[1] : f32 from vector<4xf32>
    %e3 = vector.extract %v1[1] : f32 from vector<4xf32>
    %rest = vector.from_elements %r0, %r1, %r2, %r3, %e0, %e1, %e2, %e3 : vector<8xf32>
    vector.store %rest, %out[%i1, %i0] : memref<2x8xf32>, vector<8xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<2x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
