// n-D strided slices in a kernel: a 2x2 slice of a 4x4 vector inserted into
// a constant 4x4 vector (zeros, or a pattern of its own), then summed. On
// Vulkan the n-D insert into a constant was an error at the constant
// (SPIR-V's vectors are 1-D); MLIR's strided-slice transforms now make
// rows and shuffles of them.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// buf = 0..15 as 4x4; the slice at (1, 1) is [[5, 6], [9, 10]], sum 30;
// into a constant of 1..16 at (2, 2), replacing 11, 12, 15, 16: 136 - 54 +
// 30 = 112; thread i adds i.
// CHECK: [30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45]
// CHECK: [112,  113,  114,  115,  116,  117,  118,  119,  120,  121,  122,  123,  124,  125,  126,  127]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %C0 = arith.constant 0 : index
  %C1 = arith.constant 1 : index
  %C16 = arith.constant 16 : index
  %buf = gpu.alloc host_shared () : memref<16xf32>
  %zeros = gpu.alloc host_shared () : memref<16xf32>
  %pattern = gpu.alloc host_shared () : memref<16xf32>
  scf.for %j = %C0 to %C16 step %C1 {
    %ji = arith.index_cast %j : index to i32
    %f = arith.sitofp %ji : i32 to f32
    memref.store %f, %buf[%j] : memref<16xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %C1, %gy = %C1, %gz = %C1)
             threads(%i, %ty, %tz) in (%sx = %C16, %sy = %C1, %sz = %C1) {
    %c0 = arith.constant 0 : index
    %v = vector.load %buf[%c0] : memref<16xf32>, vector<16xf32>
    %s = vector.shape_cast %v : vector<16xf32> to vector<4x4xf32>
    %t = vector.extract_strided_slice %s {offsets = [1, 1], sizes = [2, 2], strides = [1, 1]} : vector<4x4xf32> to vector<2x2xf32>
    %ii = arith.index_cast %i : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %z = arith.constant dense<0.0> : vector<4x4xf32>
    %w = vector.insert_strided_slice %t, %z {offsets = [2, 2], strides = [1, 1]} : vector<2x2xf32> into vector<4x4xf32>
    %flat = vector.shape_cast %w : vector<4x4xf32> to vector<16xf32>
    %r = vector.reduction <add>, %flat : vector<16xf32> into f32
    %ri = arith.addf %r, %if : f32
    memref.store %ri, %zeros[%i] : memref<16xf32>
    %p = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : vector<4x4xf32>
    %q = vector.insert_strided_slice %t, %p {offsets = [2, 2], strides = [1, 1]} : vector<2x2xf32> into vector<4x4xf32>
    %qflat = vector.shape_cast %q : vector<4x4xf32> to vector<16xf32>
    %qr = vector.reduction <add>, %qflat : vector<16xf32> into f32
    %qi = arith.addf %qr, %if : f32
    memref.store %qi, %pattern[%i] : memref<16xf32>
    gpu.terminator
  }
  %u = memref.cast %zeros : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %u2 = memref.cast %pattern : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
