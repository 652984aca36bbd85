// Math functions where their plain definitions cancel or are undefined,
// on values a kernel loads (nothing folds them), on every target. In
// order: expm1, log1p, sinh, asinh, atanh of small values and acosh near 1
// (host code and the host target computed expm1(1e-7) as exp(x) - 1,
// 1.19209e-07; Vulkan's GLSL sinh and atanh of 1e-5 were off in the third
// digit); asin, acos, atan, atan2, tanh and log (lavapipe's asin(0.5):
// 0.523389); (1e-10 + 1) - 1, which a Vulkan driver may not reassociate;
// pow at zeros, NaNs, infinities and negative bases (GLSL leaves them
// undefined: lavapipe's pow(0, 0) was 0); atan2 at zeros and infinities
// (MLIR's approximation made NaN of atan2(0, 0)); cbrt(inf) (NaN before),
// cbrt(-8); sinh(3), asinh(-1e5), acosh(1e5), atanh(0.5); expm1(-inf),
// log1p(-1); remf as fmod, exactly (Vulkan's FRem is x - y trunc(x/y):
// 0.0771484 for the first), also by inf (NaN on Vulkan before), -1 rem 1
// (-0) and by 0; maximumf(0, -0), minimumf(0, -0) (Vulkan's FMax and FMin
// may pick either zero) and maximumf(NaN, 1). Then remf and maximumf on
// f64: fmod(12345.678, 0.1), fmod(1, inf), maximumf(0, -0).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [1e-07,  1e-07,  1e-05,  1e-05,  1e-05,  0.0141432,  0.523599,  1.0472,  0.643501,  2.1588,  0.635149,  0.000100012,  0,  1,  inf,  {{-?}}nan,  -8,  1,  1,  1,  -inf,  0,  3.14159,  -3.14159,  3.14159,  0.785398,  inf,  -2,  10.0179,  -12.2061,  12.2061,  0.549306,  -1,  -inf,  0.0775504,  2.37016,  1,  -0,  {{-?}}nan,  0,  -0,  nan]
// CHECK: [0.078,  1,  0]
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = memref.alloc() : memref<23xf32>
  %out = memref.alloc() : memref<42xf32>
  %i0 = arith.constant 0 : index
  %v0 = arith.constant 1.0e-7 : f32
  memref.store %v0, %in[%i0] : memref<23xf32>
  %i1 = arith.constant 1 : index
  %v1 = arith.constant 1.0e-5 : f32
  memref.store %v1, %in[%i1] : memref<23xf32>
  %i2 = arith.constant 2 : index
  %v2 = arith.constant 1.0001 : f32
  memref.store %v2, %in[%i2] : memref<23xf32>
  %i3 = arith.constant 3 : index
  %v3 = arith.constant 0.5 : f32
  memref.store %v3, %in[%i3] : memref<23xf32>
  %i4 = arith.constant 4 : index
  %v4 = arith.constant 0.75 : f32
  memref.store %v4, %in[%i4] : memref<23xf32>
  %i5 = arith.constant 5 : index
  %v5 = arith.constant -0.5 : f32
  memref.store %v5, %in[%i5] : memref<23xf32>
  %i6 = arith.constant 6 : index
  %v6 = arith.constant 1.0e-10 : f32
  memref.store %v6, %in[%i6] : memref<23xf32>
  %i7 = arith.constant 7 : index
  %v7 = arith.constant 0.0 : f32
  memref.store %v7, %in[%i7] : memref<23xf32>
  %i8 = arith.constant 8 : index
  %v8 = arith.constant -0.0 : f32
  memref.store %v8, %in[%i8] : memref<23xf32>
  %i9 = arith.constant 9 : index
  %v9 = arith.constant 0x7F800000 : f32
  memref.store %v9, %in[%i9] : memref<23xf32>
  %i10 = arith.constant 10 : index
  %v10 = arith.constant 0x7FC00000 : f32
  memref.store %v10, %in[%i10] : memref<23xf32>
  %i11 = arith.constant 11 : index
  %v11 = arith.constant -8.0 : f32
  memref.store %v11, %in[%i11] : memref<23xf32>
  %i12 = arith.constant 12 : index
  %v12 = arith.constant 3.0 : f32
  memref.store %v12, %in[%i12] : memref<23xf32>
  %i13 = arith.constant 13 : index
  %v13 = arith.constant -1.0 : f32
  memref.store %v13, %in[%i13] : memref<23xf32>
  %i14 = arith.constant 14 : index
  %v14 = arith.constant 1.0 : f32
  memref.store %v14, %in[%i14] : memref<23xf32>
  %i15 = arith.constant 15 : index
  %v15 = arith.constant -3.0 : f32
  memref.store %v15, %in[%i15] : memref<23xf32>
  %i16 = arith.constant 16 : index
  %v16 = arith.constant -2.0 : f32
  memref.store %v16, %in[%i16] : memref<23xf32>
  %i17 = arith.constant 17 : index
  %v17 = arith.constant 100000.0 : f32
  memref.store %v17, %in[%i17] : memref<23xf32>
  %i18 = arith.constant 18 : index
  %v18 = arith.constant 0xFF800000 : f32
  memref.store %v18, %in[%i18] : memref<23xf32>
  %i19 = arith.constant 19 : index
  %v19 = arith.constant -100000.0 : f32
  memref.store %v19, %in[%i19] : memref<23xf32>
  %i20 = arith.constant 20 : index
  %v20 = arith.constant 0.1 : f32
  memref.store %v20, %in[%i20] : memref<23xf32>
  %i21 = arith.constant 21 : index
  %v21 = arith.constant 12345.678 : f32
  memref.store %v21, %in[%i21] : memref<23xf32>
  %i22 = arith.constant 22 : index
  %v22 = arith.constant 3.14159 : f32
  memref.store %v22, %in[%i22] : memref<23xf32>
  %wide = memref.alloc() : memref<6xf64>
  %w0 = arith.constant 12345.678 : f64
  %w1 = arith.constant 0.1 : f64
  %w2 = arith.constant 1.0 : f64
  %w3 = arith.constant 0x7FF0000000000000 : f64
  %w4 = arith.constant 0.0 : f64
  %w5 = arith.constant -0.0 : f64
  %j0 = arith.constant 0 : index
  %j1 = arith.constant 1 : index
  %j2 = arith.constant 2 : index
  %j3 = arith.constant 3 : index
  %j4 = arith.constant 4 : index
  %j5 = arith.constant 5 : index
  memref.store %w0, %wide[%j0] : memref<6xf64>
  memref.store %w1, %wide[%j1] : memref<6xf64>
  memref.store %w2, %wide[%j2] : memref<6xf64>
  memref.store %w3, %wide[%j3] : memref<6xf64>
  memref.store %w4, %wide[%j4] : memref<6xf64>
  memref.store %w5, %wide[%j5] : memref<6xf64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %x0 = memref.load %in[%k0] : memref<23xf32>
    %k1 = arith.constant 1 : index
    %x1 = memref.load %in[%k1] : memref<23xf32>
    %k2 = arith.constant 2 : index
    %x2 = memref.load %in[%k2] : memref<23xf32>
    %k3 = arith.constant 3 : index
    %x3 = memref.load %in[%k3] : memref<23xf32>
    %k4 = arith.constant 4 : index
    %x4 = memref.load %in[%k4] : memref<23xf32>
    %k5 = arith.constant 5 : index
    %x5 = memref.load %in[%k5] : memref<23xf32>
    %k6 = arith.constant 6 : index
    %x6 = memref.load %in[%k6] : memref<23xf32>
    %k7 = arith.constant 7 : index
    %x7 = memref.load %in[%k7] : memref<23xf32>
    %k8 = arith.constant 8 : index
    %x8 = memref.load %in[%k8] : memref<23xf32>
    %k9 = arith.constant 9 : index
    %x9 = memref.load %in[%k9] : memref<23xf32>
    %k10 = arith.constant 10 : index
    %x10 = memref.load %in[%k10] : memref<23xf32>
    %k11 = arith.constant 11 : index
    %x11 = memref.load %in[%k11] : memref<23xf32>
    %k12 = arith.constant 12 : index
    %x12 = memref.load %in[%k12] : memref<23xf32>
    %k13 = arith.constant 13 : index
    %x13 = memref.load %in[%k13] : memref<23xf32>
    %k14 = arith.constant 14 : index
    %x14 = memref.load %in[%k14] : memref<23xf32>
    %k15 = arith.constant 15 : index
    %x15 = memref.load %in[%k15] : memref<23xf32>
    %k16 = arith.constant 16 : index
    %x16 = memref.load %in[%k16] : memref<23xf32>
    %k17 = arith.constant 17 : index
    %x17 = memref.load %in[%k17] : memref<23xf32>
    %k18 = arith.constant 18 : index
    %x18 = memref.load %in[%k18] : memref<23xf32>
    %k19 = arith.constant 19 : index
    %x19 = memref.load %in[%k19] : memref<23xf32>
    %one = arith.constant 1.0 : f32
    %r0 = math.expm1 %x0 : f32
    %o0 = arith.constant 0 : index
    memref.store %r0, %out[%o0] : memref<42xf32>
    %r1 = math.log1p %x0 : f32
    %o1 = arith.constant 1 : index
    memref.store %r1, %out[%o1] : memref<42xf32>
    %r2 = math.sinh %x1 : f32
    %o2 = arith.constant 2 : index
    memref.store %r2, %out[%o2] : memref<42xf32>
    %r3 = math.asinh %x1 : f32
    %o3 = arith.constant 3 : index
    memref.store %r3, %out[%o3] : memref<42xf32>
    %r4 = math.atanh %x1 : f32
    %o4 = arith.constant 4 : index
    memref.store %r4, %out[%o4] : memref<42xf32>
    %r5 = math.acosh %x2 : f32
    %o5 = arith.constant 5 : index
    memref.store %r5, %out[%o5] : memref<42xf32>
    %r6 = math.asin %x3 : f32
    %o6 = arith.constant 6 : index
    memref.store %r6, %out[%o6] : memref<42xf32>
    %r7 = math.acos %x3 : f32
    %o7 = arith.constant 7 : index
    memref.store %r7, %out[%o7] : memref<42xf32>
    %r8 = math.atan %x4 : f32
    %o8 = arith.constant 8 : index
    memref.store %r8, %out[%o8] : memref<42xf32>
    %r9 = math.atan2 %x4, %x5 : f32
    %o9 = arith.constant 9 : index
    memref.store %r9, %out[%o9] : memref<42xf32>
    %r10 = math.tanh %x4 : f32
    %o10 = arith.constant 10 : index
    memref.store %r10, %out[%o10] : memref<42xf32>
    %r11 = math.log %x2 : f32
    %o11 = arith.constant 11 : index
    memref.store %r11, %out[%o11] : memref<42xf32>
    %s12 = arith.addf %x6, %one : f32
    %r12 = arith.subf %s12, %one : f32
    %o12 = arith.constant 12 : index
    memref.store %r12, %out[%o12] : memref<42xf32>
    %r13 = math.powf %x7, %x7 : f32
    %o13 = arith.constant 13 : index
    memref.store %r13, %out[%o13] : memref<42xf32>
    %r14 = math.powf %x7, %x13 : f32
    %o14 = arith.constant 14 : index
    memref.store %r14, %out[%o14] : memref<42xf32>
    %r15 = math.powf %x11, %x3 : f32
    %o15 = arith.constant 15 : index
    memref.store %r15, %out[%o15] : memref<42xf32>
    %r16 = math.powf %x16, %x12 : f32
    %o16 = arith.constant 16 : index
    memref.store %r16, %out[%o16] : memref<42xf32>
    %r17 = math.powf %x10, %x7 : f32
    %o17 = arith.constant 17 : index
    memref.store %r17, %out[%o17] : memref<42xf32>
    %r18 = math.powf %x14, %x10 : f32
    %o18 = arith.constant 18 : index
    memref.store %r18, %out[%o18] : memref<42xf32>
    %r19 = math.powf %x13, %x9 : f32
    %o19 = arith.constant 19 : index
    memref.store %r19, %out[%o19] : memref<42xf32>
    %r20 = math.powf %x8, %x15 : f32
    %o20 = arith.constant 20 : index
    memref.store %r20, %out[%o20] : memref<42xf32>
    %r21 = math.atan2 %x7, %x7 : f32
    %o21 = arith.constant 21 : index
    memref.store %r21, %out[%o21] : memref<42xf32>
    %r22 = math.atan2 %x7, %x8 : f32
    %o22 = arith.constant 22 : index
    memref.store %r22, %out[%o22] : memref<42xf32>
    %r23 = math.atan2 %x8, %x13 : f32
    %o23 = arith.constant 23 : index
    memref.store %r23, %out[%o23] : memref<42xf32>
    %r24 = math.atan2 %x14, %x18 : f32
    %o24 = arith.constant 24 : index
    memref.store %r24, %out[%o24] : memref<42xf32>
    %r25 = math.atan2 %x9, %x9 : f32
    %o25 = arith.constant 25 : index
    memref.store %r25, %out[%o25] : memref<42xf32>
    %r26 = math.cbrt %x9 : f32
    %o26 = arith.constant 26 : index
    memref.store %r26, %out[%o26] : memref<42xf32>
    %r27 = math.cbrt %x11 : f32
    %o27 = arith.constant 27 : index
    memref.store %r27, %out[%o27] : memref<42xf32>
    %r28 = math.sinh %x12 : f32
    %o28 = arith.constant 28 : index
    memref.store %r28, %out[%o28] : memref<42xf32>
    %r29 = math.asinh %x19 : f32
    %o29 = arith.constant 29 : index
    memref.store %r29, %out[%o29] : memref<42xf32>
    %r30 = math.acosh %x17 : f32
    %o30 = arith.constant 30 : index
    memref.store %r30, %out[%o30] : memref<42xf32>
    %r31 = math.atanh %x3 : f32
    %o31 = arith.constant 31 : index
    memref.store %r31, %out[%o31] : memref<42xf32>
    %r32 = math.expm1 %x18 : f32
    %o32 = arith.constant 32 : index
    memref.store %r32, %out[%o32] : memref<42xf32>
    %r33 = math.log1p %x13 : f32
    %o33 = arith.constant 33 : index
    memref.store %r33, %out[%o33] : memref<42xf32>
    %k21 = arith.constant 21 : index
    %x21 = memref.load %in[%k21] : memref<23xf32>
    %k20 = arith.constant 20 : index
    %x20 = memref.load %in[%k20] : memref<23xf32>
    %k22 = arith.constant 22 : index
    %x22 = memref.load %in[%k22] : memref<23xf32>
    %r34 = arith.remf %x21, %x20 : f32
    %o34 = arith.constant 34 : index
    memref.store %r34, %out[%o34] : memref<42xf32>
    %r35 = arith.remf %x21, %x22 : f32
    %o35 = arith.constant 35 : index
    memref.store %r35, %out[%o35] : memref<42xf32>
    %r36 = arith.remf %x14, %x9 : f32
    %o36 = arith.constant 36 : index
    memref.store %r36, %out[%o36] : memref<42xf32>
    %r37 = arith.remf %x13, %x14 : f32
    %o37 = arith.constant 37 : index
    memref.store %r37, %out[%o37] : memref<42xf32>
    %r38 = arith.remf %x14, %x7 : f32
    %o38 = arith.constant 38 : index
    memref.store %r38, %out[%o38] : memref<42xf32>
    %r39 = arith.maximumf %x7, %x8 : f32
    %o39 = arith.constant 39 : index
    memref.store %r39, %out[%o39] : memref<42xf32>
    %r40 = arith.minimumf %x7, %x8 : f32
    %o40 = arith.constant 40 : index
    memref.store %r40, %out[%o40] : memref<42xf32>
    %r41 = arith.maximumf %x10, %x14 : f32
    %o41 = arith.constant 41 : index
    memref.store %r41, %out[%o41] : memref<42xf32>
    %d0 = memref.load %wide[%j0] : memref<6xf64>
    %d1 = memref.load %wide[%j1] : memref<6xf64>
    %d2 = memref.load %wide[%j2] : memref<6xf64>
    %d3 = memref.load %wide[%j3] : memref<6xf64>
    %d4 = memref.load %wide[%j4] : memref<6xf64>
    %d5 = memref.load %wide[%j5] : memref<6xf64>
    %e0 = arith.remf %d0, %d1 : f64
    %e1 = arith.remf %d2, %d3 : f64
    %e2 = arith.maximumf %d4, %d5 : f64
    memref.store %e0, %wide[%j0] : memref<6xf64>
    memref.store %e1, %wide[%j1] : memref<6xf64>
    memref.store %e2, %wide[%j2] : memref<6xf64>
    gpu.terminator
  }
  %u = memref.cast %out : memref<42xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %first = memref.subview %wide[0] [3] [1] : memref<6xf64> to memref<3xf64, strided<[1]>>
  %w = memref.cast %first : memref<3xf64, strided<[1]>> to memref<*xf64>
  call @printMemrefF64(%w) : (memref<*xf64>) -> ()
  return
}
