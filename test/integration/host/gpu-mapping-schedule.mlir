// A transform schedule that maps a matmul onto the GPU: tiles of 16x16
// onto blocks (map_forall_to_blocks makes the gpu.launch), each element of
// a tile onto a thread (map_nested_forall_to_threads). The program has no
// gpu op of its own; A[i][j] = i and B = 1, so C[i][j] = 64 i.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: 64
// CHECK-NEXT: 4032
module attributes {transform.with_named_sequence} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %f1 = arith.constant 1.0 : f32
    %a = memref.alloc() : memref<64x64xf32>
    %b = memref.alloc() : memref<64x64xf32>
    %c = memref.alloc() : memref<64x64xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f32
        memref.store %f, %a[%i, %j] : memref<64x64xf32>
        memref.store %f1, %b[%i, %j] : memref<64x64xf32>
        %z = arith.constant 0.0 : f32
        memref.store %z, %c[%i, %j] : memref<64x64xf32>
      }
    }
    linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
    %c5 = arith.constant 5 : index
    %c63 = arith.constant 63 : index
    %v = memref.load %c[%c1, %c1] : memref<64x64xf32>
    %w = memref.load %c[%c63, %c5] : memref<64x64xf32>
    vector.print %v : f32
    vector.print %w : f32
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %mm tile_sizes [16, 16] (mapping = [#gpu.block<y>, #gpu.block<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tiled2, %forall2 = transform.structured.tile_using_forall %tiled tile_sizes [1, 1] (mapping = [#gpu.thread<y>, #gpu.thread<x>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch : (!transform.any_op) -> !transform.any_op
    transform.gpu.map_nested_forall_to_threads %launch block_dims = [16, 16, 1] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
