// A matmul on memrefs whose transform schedule tiles it 2x2 (a loop nest of
// subviews) before mlirc lowers it; the product is the same.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc --compile-to=outlined %s --offload-arch=%offload_arch -o - | FileCheck %s --check-prefix=IR --implicit-check-not=transform
// CHECK: sizes = [4, 4]
// CHECK-NEXT: [12,   12,   12,   12],
// CHECK-COUNT-3: 12,   12,   12,   12]
// IR: scf.for
// IR: scf.for
// IR: memref.subview
module attributes {transform.with_named_sequence} {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %zero = arith.constant 0.0 : f32
    %a = memref.alloc() : memref<4x6xf32>
    %b = memref.alloc() : memref<6x4xf32>
    %c = memref.alloc() : memref<4x4xf32>
    linalg.fill ins(%one : f32) outs(%a : memref<4x6xf32>)
    linalg.fill ins(%two : f32) outs(%b : memref<6x4xf32>)
    linalg.fill ins(%zero : f32) outs(%c : memref<4x4xf32>)
    linalg.matmul ins(%a, %b : memref<4x6xf32>, memref<6x4xf32>) outs(%c : memref<4x4xf32>)
    %u = memref.cast %c : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loops:2 = transform.structured.tile_using_for %m tile_sizes [2, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
