// vector.contract whose operands are narrower than its accumulator (f16
// and bf16 products summed in f32), in a kernel. vector-to-llvm's dot
// product lowering takes one element type only, so on NVIDIA and AMD this
// was an error ("MLIR's lowering to the LLVM dialect has no rule for it");
// mlirc lowers it as outer products, as it does on the host target. On
// Vulkan the 4x1 to 4x8 vector.broadcast was an error at the constant.
// Thread t: a 2x8 block a[i][k] = t + i + k - 3 times an 8x4 one
// b[k][j] = k - j, plus 0.5; row 0 of the f16 product, row 1 of the bf16
// one.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK:      ( 56.5, 52.5, 48.5, 44.5 )
// CHECK-NEXT: ( 84.5, 72.5, 60.5, 48.5 )
// CHECK-NEXT: ( 84.5, 72.5, 60.5, 48.5 )
// CHECK-NEXT: ( 112.5, 92.5, 72.5, 52.5 )
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %out = gpu.alloc host_shared () : memref<2x2x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %rows = vector.step : vector<8xindex>
    %k = arith.index_cast %rows : vector<8xindex> to vector<8xi32>
    %kf = arith.sitofp %k : vector<8xi32> to vector<8xf32>
    %t32 = arith.index_cast %t : index to i32
    %tf = arith.sitofp %t32 : i32 to f32
    %three = arith.constant 3.0 : f32
    %shift = arith.subf %tf, %three : f32
    %lane0 = vector.broadcast %shift : f32 to vector<8xf32>
    %a0 = arith.addf %kf, %lane0 : vector<8xf32>
    %one = arith.constant dense<1.0> : vector<8xf32>
    %a1 = arith.addf %a0, %one : vector<8xf32>
    %none = arith.constant dense<0.0> : vector<2x8xf32>
    %first = vector.insert %a0, %none[0] : vector<8xf32> into vector<2x8xf32>
    %a2 = vector.insert %a1, %first[1] : vector<8xf32> into vector<2x8xf32>
    %bt = vector.broadcast %kf : vector<8xf32> to vector<4x8xf32>
    %cols = arith.constant dense<[[0.0], [1.0], [2.0], [3.0]]> : vector<4x1xf32>
    %colb = vector.broadcast %cols : vector<4x1xf32> to vector<4x8xf32>
    %bT = arith.subf %bt, %colb : vector<4x8xf32>
    %b = vector.transpose %bT, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
    %a16 = arith.truncf %a2 : vector<2x8xf32> to vector<2x8xf16>
    %b16 = arith.truncf %b : vector<8x4xf32> to vector<8x4xf16>
    %acc = arith.constant dense<0.5> : vector<2x4xf32>
    %h = vector.contract {indexing_maps = [#a, #b, #c],
                          iterator_types = ["parallel", "parallel", "reduction"],
                          kind = #vector.kind<add>} %a16, %b16, %acc
        : vector<2x8xf16>, vector<8x4xf16> into vector<2x4xf32>
    %abf = arith.truncf %a2 : vector<2x8xf32> to vector<2x8xbf16>
    %bbf = arith.truncf %b : vector<8x4xf32> to vector<8x4xbf16>
    %g = vector.contract {indexing_maps = [#a, #b, #c],
                          iterator_types = ["parallel", "parallel", "reduction"],
                          kind = #vector.kind<add>} %abf, %bbf, %acc
        : vector<2x8xbf16>, vector<8x4xbf16> into vector<2x4xf32>
    %row = vector.extract %h[0] : vector<4xf32> from vector<2x4xf32>
    %row2 = vector.extract %g[1] : vector<4xf32> from vector<2x4xf32>
    vector.store %row, %out[%t, %c0, %c0] : memref<2x2x4xf32>, vector<4xf32>
    vector.store %row2, %out[%t, %c1, %c0] : memref<2x2x4xf32>, vector<4xf32>
    gpu.terminator
  }
  %r0 = vector.load %out[%c0, %c0, %c0] : memref<2x2x4xf32>, vector<4xf32>
  vector.print %r0 : vector<4xf32>
  %r1 = vector.load %out[%c0, %c1, %c0] : memref<2x2x4xf32>, vector<4xf32>
  vector.print %r1 : vector<4xf32>
  %r2 = vector.load %out[%c1, %c0, %c0] : memref<2x2x4xf32>, vector<4xf32>
  vector.print %r2 : vector<4xf32>
  %r3 = vector.load %out[%c1, %c1, %c0] : memref<2x2x4xf32>, vector<4xf32>
  vector.print %r3 : vector<4xf32>
  gpu.dealloc %out : memref<2x2x4xf32>
  return
}
