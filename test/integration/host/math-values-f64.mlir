// f64 math on values a kernel loads, and atan2: what GLSL.std.450 lacks,
// so not for Vulkan. On AMD chips through ocml (LLVM's AMDGPU back end
// selects none of tan, tanh, acos, asin, atan, atan2, sinh, cosh, nor the
// f64 sincos), on NVIDIA through libdevice, on the host through libm.
// In order: tan, tanh, acos, asin, atan of 0.75; atan2(0.75, -0.5); sinh,
// cosh of 0.75; trunc(-2.75); clampf(-2.75 to [-0.5, 0.75]); isinf and
// isnormal of 0.75; sin and cos (sincos) of 0.75; atan2(0.75, -0.5) in
// f32, tanh(0.75) in f16.
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0.931596,  0.635149,  0.722734,  0.848062,  0.643501,  2.1588,  0.822317,  1.29468,  -2,  -0.5,  0,  1,  0.681639,  0.731689,  2.1588,  0.63{{[0-9]*}}]
func.func private @printMemrefF64(memref<*xf64>)
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
  %in = gpu.alloc host_shared () : memref<3xf64>
  %out = gpu.alloc host_shared () : memref<16xf64>
  %values = arith.constant dense<[0.75, -0.5, -2.75]> : vector<3xf64>
  vector.store %values, %in[%c0] : memref<3xf64>, vector<3xf64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %in[%c0] : memref<3xf64>
    %y = memref.load %in[%c1] : memref<3xf64>
    %big = memref.load %in[%c2] : memref<3xf64>
    %x32 = arith.truncf %x : f64 to f32
    %y32 = arith.truncf %y : f64 to f32
    %x16 = arith.truncf %x : f64 to f16
    %r0 = math.tan %x : f64
    memref.store %r0, %out[%c0] : memref<16xf64>
    %r1 = math.tanh %x : f64
    memref.store %r1, %out[%c1] : memref<16xf64>
    %r2 = math.acos %x : f64
    memref.store %r2, %out[%c2] : memref<16xf64>
    %r3 = math.asin %x : f64
    memref.store %r3, %out[%c3] : memref<16xf64>
    %r4 = math.atan %x : f64
    memref.store %r4, %out[%c4] : memref<16xf64>
    %r5 = math.atan2 %x, %y : f64
    memref.store %r5, %out[%c5] : memref<16xf64>
    %r6 = math.sinh %x : f64
    memref.store %r6, %out[%c6] : memref<16xf64>
    %r7 = math.cosh %x : f64
    memref.store %r7, %out[%c7] : memref<16xf64>
    %r8 = math.trunc %big : f64
    memref.store %r8, %out[%c8] : memref<16xf64>
    %r9 = math.clampf %big to [%y, %x] : f64
    memref.store %r9, %out[%c9] : memref<16xf64>
    %r10 = math.isinf %x : f64
    %f10 = arith.uitofp %r10 : i1 to f64
    memref.store %f10, %out[%c10] : memref<16xf64>
    %r11 = math.isnormal %x : f64
    %f11 = arith.uitofp %r11 : i1 to f64
    memref.store %f11, %out[%c11] : memref<16xf64>
    %s, %co = math.sincos %x : f64
    memref.store %s, %out[%c12] : memref<16xf64>
    memref.store %co, %out[%c13] : memref<16xf64>
    %r14 = math.atan2 %x32, %y32 : f32
    %f14 = arith.extf %r14 : f32 to f64
    memref.store %f14, %out[%c14] : memref<16xf64>
    %r15 = math.tanh %x16 : f16
    %f15 = arith.extf %r15 : f16 to f64
    memref.store %f15, %out[%c15] : memref<16xf64>
    gpu.terminator
  }
  %u = memref.cast %out : memref<16xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
