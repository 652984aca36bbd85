// A schedule that bufferizes the program itself (one_shot_bufferize): what
// its bufferization allocates is freed, as mlirc's own bufferization frees
// what it allocates; before, each call of @add leaked its result (as with
// mlir-opt). The program's own alloc and dealloc stay as written.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc --compile-to=bufferized %s -o - | FileCheck %s --check-prefix=IR --implicit-check-not=transform
// CHECK-COUNT-4: [3.5,   3.5,   3.5,   3.5,   3.5,   3.5,   3.5,   3.5]
// CHECK-NEXT: sum 700
// IR-LABEL: func.func @add(
// IR: %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// IR: memref.dealloc %[[ALLOC]]
// IR-LABEL: func.func @main(
// IR: scf.for
// IR: %[[RESULT:.*]] = func.call @add(
// IR: memref.dealloc
// IR: %[[OWN:.*]] = memref.alloc() : memref<4xf32>
// IR: memref.dealloc %[[OWN]] : memref<4xf32>
// IR-NOT: memref.dealloc
// IR: return
func.func private @printMemrefF32(memref<*xf32>)
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>)
      outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @main() {
  %a = arith.constant dense<1.5> : tensor<4x8xf32>
  %b = arith.constant dense<2.0> : tensor<4x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c100 step %c1 iter_args(%s = %zero) -> f32 {
    %r = func.call @add(%a, %b)
        : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %m = bufferization.to_buffer %r : tensor<4x8xf32> to memref<4x8xf32>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      %u = memref.cast %m : memref<4x8xf32> to memref<*xf32>
      func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    }
    %x = memref.load %m[%c0, %c0] : memref<4x8xf32>
    %y = memref.load %m[%c1, %c1] : memref<4x8xf32>
    %xy = arith.addf %x, %y : f32
    %t = arith.addf %s, %xy : f32
    scf.yield %t : f32
  }
  %own = memref.alloc() : memref<4xf32>
  memref.store %sum, %own[%c1] : memref<4xf32>
  %kept = memref.load %own[%c1] : memref<4xf32>
  memref.dealloc %own : memref<4xf32>
  vector.print str "sum "
  vector.print %kept : f32
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.consumed}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %loops:2 = transform.structured.tile_using_for %add
        tile_sizes [2, 4]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op,
                                  !transform.any_op)
    %done = transform.bufferization.one_shot_bufferize %root
        {bufferize_function_boundaries = true}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
