// Every math op in a kernel, at x = 0.75 and y = -0.5: on the host target
// LLVM intrinsics where there are some and libm for the rest; on NVIDIA
// and AMD, libdevice and the device libraries. In order: absf, acos,
// acosh (nan), asin, asinh, atan, atanh, cbrt, ceil, cos, cosh, erf, erfc,
// exp, exp2, expm1, floor, log, log10, log1p, log2, round, roundeven,
// rsqrt, sin, sinh, sqrt, tan, tanh, trunc; powf(x, x), atan2(x, y),
// copysign(x, y), fpowi(x, 3), ipowi(5, 3), ctlz(5), ctpop(5), cttz(5),
// fma(x, y, x), absi(-7), isnan(x), isfinite(x), and tanh on a vector.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0.75,  0.722734,  {{-?nan}},  0.848062,  0.693147,  0.643501,  0.972955,  0.90856,  1,  0.731689,  1.29468,  0.711156,  0.288844,  2.117,  1.68179,  1.117,  0,  -0.287682,  -0.124939,  0.559616,  -0.41503{{[78]}},  1,  1,  1.1547,  0.681639,  0.822317,  0.866025,  0.931596,  0.635149,  0,  0.805927,  2.1588,  -0.75,  0.421875,  125,  29,  2,  0,  0.375,  7,  0,  1,  0.635149,
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %c18 = arith.constant 18 : index
  %c19 = arith.constant 19 : index
  %c20 = arith.constant 20 : index
  %c21 = arith.constant 21 : index
  %c22 = arith.constant 22 : index
  %c23 = arith.constant 23 : index
  %c24 = arith.constant 24 : index
  %c25 = arith.constant 25 : index
  %c26 = arith.constant 26 : index
  %c27 = arith.constant 27 : index
  %c28 = arith.constant 28 : index
  %c29 = arith.constant 29 : index
  %c30 = arith.constant 30 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c33 = arith.constant 33 : index
  %c34 = arith.constant 34 : index
  %c35 = arith.constant 35 : index
  %c36 = arith.constant 36 : index
  %c37 = arith.constant 37 : index
  %c38 = arith.constant 38 : index
  %c39 = arith.constant 39 : index
  %c40 = arith.constant 40 : index
  %c41 = arith.constant 41 : index
  %c42 = arith.constant 42 : index
  %one = arith.constant 1 : index
  %out = gpu.alloc host_shared () : memref<64xf32>
  %outh = memref.alloc() : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
             threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %x = arith.constant 0.75 : f32
    %y = arith.constant -0.5 : f32
    %r0 = math.absf %x : f32
    memref.store %r0, %out[%c0] : memref<64xf32>
    %r1 = math.acos %x : f32
    memref.store %r1, %out[%c1] : memref<64xf32>
    %r2 = math.acosh %x : f32
    memref.store %r2, %out[%c2] : memref<64xf32>
    %r3 = math.asin %x : f32
    memref.store %r3, %out[%c3] : memref<64xf32>
    %r4 = math.asinh %x : f32
    memref.store %r4, %out[%c4] : memref<64xf32>
    %r5 = math.atan %x : f32
    memref.store %r5, %out[%c5] : memref<64xf32>
    %r6 = math.atanh %x : f32
    memref.store %r6, %out[%c6] : memref<64xf32>
    %r7 = math.cbrt %x : f32
    memref.store %r7, %out[%c7] : memref<64xf32>
    %r8 = math.ceil %x : f32
    memref.store %r8, %out[%c8] : memref<64xf32>
    %r9 = math.cos %x : f32
    memref.store %r9, %out[%c9] : memref<64xf32>
    %r10 = math.cosh %x : f32
    memref.store %r10, %out[%c10] : memref<64xf32>
    %r11 = math.erf %x : f32
    memref.store %r11, %out[%c11] : memref<64xf32>
    %r12 = math.erfc %x : f32
    memref.store %r12, %out[%c12] : memref<64xf32>
    %r13 = math.exp %x : f32
    memref.store %r13, %out[%c13] : memref<64xf32>
    %r14 = math.exp2 %x : f32
    memref.store %r14, %out[%c14] : memref<64xf32>
    %r15 = math.expm1 %x : f32
    memref.store %r15, %out[%c15] : memref<64xf32>
    %r16 = math.floor %x : f32
    memref.store %r16, %out[%c16] : memref<64xf32>
    %r17 = math.log %x : f32
    memref.store %r17, %out[%c17] : memref<64xf32>
    %r18 = math.log10 %x : f32
    memref.store %r18, %out[%c18] : memref<64xf32>
    %r19 = math.log1p %x : f32
    memref.store %r19, %out[%c19] : memref<64xf32>
    %r20 = math.log2 %x : f32
    memref.store %r20, %out[%c20] : memref<64xf32>
    %r21 = math.round %x : f32
    memref.store %r21, %out[%c21] : memref<64xf32>
    %r22 = math.roundeven %x : f32
    memref.store %r22, %out[%c22] : memref<64xf32>
    %r23 = math.rsqrt %x : f32
    memref.store %r23, %out[%c23] : memref<64xf32>
    %r24 = math.sin %x : f32
    memref.store %r24, %out[%c24] : memref<64xf32>
    %r25 = math.sinh %x : f32
    memref.store %r25, %out[%c25] : memref<64xf32>
    %r26 = math.sqrt %x : f32
    memref.store %r26, %out[%c26] : memref<64xf32>
    %r27 = math.tan %x : f32
    memref.store %r27, %out[%c27] : memref<64xf32>
    %r28 = math.tanh %x : f32
    memref.store %r28, %out[%c28] : memref<64xf32>
    %r29 = math.trunc %x : f32
    memref.store %r29, %out[%c29] : memref<64xf32>
    %p0 = math.powf %x, %x : f32
    memref.store %p0, %out[%c30] : memref<64xf32>
    %p1 = math.atan2 %x, %y : f32
    memref.store %p1, %out[%c31] : memref<64xf32>
    %p2 = math.copysign %x, %y : f32
    memref.store %p2, %out[%c32] : memref<64xf32>
    %three = arith.constant 3 : i32
    %p3 = math.fpowi %x, %three : f32, i32
    memref.store %p3, %out[%c33] : memref<64xf32>
    %k = arith.constant 5 : i32
    %p4 = math.ipowi %k, %three : i32
    %p4f = arith.sitofp %p4 : i32 to f32
    memref.store %p4f, %out[%c34] : memref<64xf32>
    %p5 = math.ctlz %k : i32
    %p5f = arith.sitofp %p5 : i32 to f32
    memref.store %p5f, %out[%c35] : memref<64xf32>
    %p6 = math.ctpop %k : i32
    %p6f = arith.sitofp %p6 : i32 to f32
    memref.store %p6f, %out[%c36] : memref<64xf32>
    %p7 = math.cttz %k : i32
    %p7f = arith.sitofp %p7 : i32 to f32
    memref.store %p7f, %out[%c37] : memref<64xf32>
    %p8 = math.fma %x, %y, %x : f32
    memref.store %p8, %out[%c38] : memref<64xf32>
    %nk = arith.constant -7 : i32
    %p9 = math.absi %nk : i32
    %p9f = arith.sitofp %p9 : i32 to f32
    memref.store %p9f, %out[%c39] : memref<64xf32>
    %b0 = math.isnan %x : f32
    %b0f = arith.uitofp %b0 : i1 to f32
    memref.store %b0f, %out[%c40] : memref<64xf32>
    %b1 = math.isfinite %x : f32
    %b1f = arith.uitofp %b1 : i1 to f32
    memref.store %b1f, %out[%c41] : memref<64xf32>
    %vx = vector.broadcast %x : f32 to vector<4xf32>
    %vt = math.tanh %vx : vector<4xf32>
    %ve = vector.extract %vt[1] : f32 from vector<4xf32>
    memref.store %ve, %out[%c42] : memref<64xf32>

    gpu.terminator
  }
  %u = memref.cast %out : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
