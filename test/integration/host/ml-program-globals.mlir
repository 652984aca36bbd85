// ml_program globals of tensors, as torch-mlir and IREE keep weights and
// state in them: immutable ones read with global_load_const, mutable ones
// read and written, across calls. A value loaded before a store keeps the
// value it had (the load copies; MLIR's own bufferization would read the
// stored one).
// RUN: rm -rf %t.d && split-file %s %t.d
// RUN: %mlirc %t.d/main.mlir --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 1, 2, 3 )
// CHECK-NEXT: ( 2, 4, 6 )
// CHECK-NEXT: ( 1, 2, 3 )
// CHECK-NEXT: ( 3, 6, 9 )
//
// What else ml_program has is an error at the op.
// RUN: not %mlirc %t.d/scalar.mlir -o %t.d/x 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not %mlirc %t.d/func.mlir -o %t.d/x 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: not ls %t.d/x
// SCALAR: scalar.mlir:1:1: error: 'ml_program.global' of 'i32' cannot be compiled: mlirc compiles ml_program globals of tensors
// FUNC: func.mlir:1:1: error: 'ml_program.func' cannot be compiled: mlirc compiles ml_program's globals

//--- main.mlir
ml_program.global private @weights(dense<[1.0, 2.0, 3.0]> : tensor<3xf32>) : tensor<3xf32>
ml_program.global private mutable @state(dense<0.0> : tensor<3xf32>) : tensor<3xf32>

func.func @print(%t: tensor<3xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0], %f0 : tensor<3xf32>, vector<3xf32>
  vector.print %v : vector<3xf32>
  return
}

// state += weights; returns the state as it was before.
func.func @step() -> tensor<3xf32> {
  %w = ml_program.global_load_const @weights : tensor<3xf32>
  %s = ml_program.global_load @state : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.add ins(%w, %s : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  ml_program.global_store @state = %r : tensor<3xf32>
  return %s : tensor<3xf32>
}

func.func @main() {
  %a = call @step() : () -> tensor<3xf32>
  %b = call @step() : () -> tensor<3xf32>
  %s = ml_program.global_load @state : tensor<3xf32>
  call @print(%b) : (tensor<3xf32>) -> ()
  call @print(%s) : (tensor<3xf32>) -> ()
  %c = call @step() : () -> tensor<3xf32>
  %d = ml_program.global_load @state : tensor<3xf32>
  call @print(%b) : (tensor<3xf32>) -> ()
  call @print(%d) : (tensor<3xf32>) -> ()
  return
}
//--- scalar.mlir
ml_program.global private mutable @count(0 : i32) : i32
func.func @main() {
  return
}
//--- func.mlir
ml_program.func @f() {
  ml_program.return
}
func.func @main() {
  return
}
