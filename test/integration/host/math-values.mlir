// Math ops on values a kernel loads, so that no target folds them: the
// tan, tanh, acos, asin, atan, sinh, cosh, exp2, erf and log1p that AMD
// chips compute through ocml; trunc, exp2, ctpop and cttz, which Vulkan
// computes through GLSL.std.450 and OpBitCount; clampf as the clamp to
// [min, max] (MLIR 22's own expansion took the minimum with the lower
// bound); isinf, isnormal and isfinite; sincos. f64 and atan2, which
// Vulkan lacks, are in math-values-f64.mlir.
// In order: tan, tanh, acos, asin, atan, sinh, cosh, exp2, erf, log1p of
// 0.75; powf(0.75, -0.5); trunc(-0.5) (-0), trunc(2.75); clampf(0.75 to
// [-0.5, 0.5]), clampf(-0.5 to [0, 1]), clampf(0.75 to [0, 1]); isinf of
// 0.75, inf, -inf; isnormal of 0.75, 1e-40, 0; isfinite of inf, 0.75; sin
// and cos; ctpop(0xf0f0), cttz(40), cttz(0), ctlz(40), absi(-7).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Vulkan's acos, asin and atan are MLIR's approximations or computed
// through them (lavapipe's acos was 0.72281); its tan is GLSL's, within
// two ulp: 0.931597 on lavapipe.
// CHECK: [{{0.931596|0.931597}},  0.635149,  0.722734,  0.848062,  0.643501,  0.822317,  1.29468,  1.68179,  0.711156,  0.559616,  1.1547,  -0,  2,  0.5,  0,  0.75,  0,  1,  1,  1,  0,  0,  0,  1,  0.681639,  0.731689,  8,  3,  32,  26,  7]
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
  %in = gpu.alloc host_shared () : memref<8xf32>
  %ints = gpu.alloc host_shared () : memref<4xi32>
  %out = gpu.alloc host_shared () : memref<32xf32>
  %values = arith.constant dense<[0.75, -0.5, 2.75, 0.5, 1.0, 0x7F800000, 1.0e-40, 0.0]> : vector<8xf32>
  vector.store %values, %in[%c0] : memref<8xf32>, vector<8xf32>
  %intValues = arith.constant dense<[61680, 40, 0, -7]> : vector<4xi32>
  vector.store %intValues, %ints[%c0] : memref<4xi32>, vector<4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %in[%c0] : memref<8xf32>
    %y = memref.load %in[%c1] : memref<8xf32>
    %big = memref.load %in[%c2] : memref<8xf32>
    %half = memref.load %in[%c3] : memref<8xf32>
    %one = memref.load %in[%c4] : memref<8xf32>
    %inf = memref.load %in[%c5] : memref<8xf32>
    %tiny = memref.load %in[%c6] : memref<8xf32>
    %zero = memref.load %in[%c7] : memref<8xf32>
    %ninf = arith.negf %inf : f32
    %bits = memref.load %ints[%c0] : memref<4xi32>
    %forty = memref.load %ints[%c1] : memref<4xi32>
    %izero = memref.load %ints[%c2] : memref<4xi32>
    %minus7 = memref.load %ints[%c3] : memref<4xi32>
    %r0 = math.tan %x : f32
    memref.store %r0, %out[%c0] : memref<32xf32>
    %r1 = math.tanh %x : f32
    memref.store %r1, %out[%c1] : memref<32xf32>
    %r2 = math.acos %x : f32
    memref.store %r2, %out[%c2] : memref<32xf32>
    %r3 = math.asin %x : f32
    memref.store %r3, %out[%c3] : memref<32xf32>
    %r4 = math.atan %x : f32
    memref.store %r4, %out[%c4] : memref<32xf32>
    %r5 = math.sinh %x : f32
    memref.store %r5, %out[%c5] : memref<32xf32>
    %r6 = math.cosh %x : f32
    memref.store %r6, %out[%c6] : memref<32xf32>
    %r7 = math.exp2 %x : f32
    memref.store %r7, %out[%c7] : memref<32xf32>
    %r8 = math.erf %x : f32
    memref.store %r8, %out[%c8] : memref<32xf32>
    %r9 = math.log1p %x : f32
    memref.store %r9, %out[%c9] : memref<32xf32>
    %r10 = math.powf %x, %y : f32
    memref.store %r10, %out[%c10] : memref<32xf32>
    %r11 = math.trunc %y : f32
    memref.store %r11, %out[%c11] : memref<32xf32>
    %r12 = math.trunc %big : f32
    memref.store %r12, %out[%c12] : memref<32xf32>
    %r13 = math.clampf %x to [%y, %half] : f32
    memref.store %r13, %out[%c13] : memref<32xf32>
    %r14 = math.clampf %y to [%zero, %one] : f32
    memref.store %r14, %out[%c14] : memref<32xf32>
    %r15 = math.clampf %x to [%zero, %one] : f32
    memref.store %r15, %out[%c15] : memref<32xf32>
    %r16 = math.isinf %x : f32
    %f16 = arith.uitofp %r16 : i1 to f32
    memref.store %f16, %out[%c16] : memref<32xf32>
    %r17 = math.isinf %inf : f32
    %f17 = arith.uitofp %r17 : i1 to f32
    memref.store %f17, %out[%c17] : memref<32xf32>
    %r18 = math.isinf %ninf : f32
    %f18 = arith.uitofp %r18 : i1 to f32
    memref.store %f18, %out[%c18] : memref<32xf32>
    %r19 = math.isnormal %x : f32
    %f19 = arith.uitofp %r19 : i1 to f32
    memref.store %f19, %out[%c19] : memref<32xf32>
    %r20 = math.isnormal %tiny : f32
    %f20 = arith.uitofp %r20 : i1 to f32
    memref.store %f20, %out[%c20] : memref<32xf32>
    %r21 = math.isnormal %zero : f32
    %f21 = arith.uitofp %r21 : i1 to f32
    memref.store %f21, %out[%c21] : memref<32xf32>
    %r22 = math.isfinite %inf : f32
    %f22 = arith.uitofp %r22 : i1 to f32
    memref.store %f22, %out[%c22] : memref<32xf32>
    %r23 = math.isfinite %x : f32
    %f23 = arith.uitofp %r23 : i1 to f32
    memref.store %f23, %out[%c23] : memref<32xf32>
    %s, %co = math.sincos %x : f32
    memref.store %s, %out[%c24] : memref<32xf32>
    memref.store %co, %out[%c25] : memref<32xf32>
    %r26 = math.ctpop %bits : i32
    %f26 = arith.sitofp %r26 : i32 to f32
    memref.store %f26, %out[%c26] : memref<32xf32>
    %r27 = math.cttz %forty : i32
    %f27 = arith.sitofp %r27 : i32 to f32
    memref.store %f27, %out[%c27] : memref<32xf32>
    %r28 = math.cttz %izero : i32
    %f28 = arith.sitofp %r28 : i32 to f32
    memref.store %f28, %out[%c28] : memref<32xf32>
    %r29 = math.ctlz %forty : i32
    %f29 = arith.sitofp %r29 : i32 to f32
    memref.store %f29, %out[%c29] : memref<32xf32>
    %r30 = math.absi %minus7 : i32
    %f30 = arith.sitofp %r30 : i32 to f32
    memref.store %f30, %out[%c30] : memref<32xf32>
    gpu.terminator
  }
  %view = memref.subview %out[0] [31] [1] : memref<32xf32> to memref<31xf32, strided<[1]>>
  %u = memref.cast %view : memref<31xf32, strided<[1]>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
