// Loops on tensors whose yielded tensor is not their iteration argument
// updated in place (one inserted into another tensor, or a new one each
// trip): MLIR's bufferization rejected them ("Yield operand #0 is not
// equivalent to the corresponding iter bbArg"); the yielded buffer is now
// a new one, freed once the loop is done with it (no leak under
// LeakSanitizer).
// RUN: %mlirc %s -o %t && %t | FileCheck %s
// RUN: %mlirc %s -fsanitize=address -o %t.asan && %t.asan | FileCheck %s
// CHECK: [-2.5,  1,  3,  3]
// CHECK: [1.5,  1,  2,  3]
// CHECK: [3,  2,  1,  0]

// Each trip inserts into the loop's input, not into what the trip before
// yielded.
func.func @for_loop(%t: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %t) -> tensor<4xf32> {
    %v = tensor.extract %a[%i] : tensor<4xf32>
    %w = arith.addf %v, %one : f32
    %n = tensor.insert %w into %t[%i] : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @while_loop(%t: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %r = scf.while (%a = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    %v = tensor.extract %a[%c0] : tensor<4xf32>
    %go = arith.cmpf olt, %v, %one : f32
    scf.condition(%go) %a : tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>):
    %v = tensor.extract %a[%c0] : tensor<4xf32>
    %w = arith.addf %v, %one : f32
    %n = tensor.insert %w into %t[%c0] : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// Two tensors carried, one of them a new one each trip.
func.func @swap(%n: index) -> tensor<4xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.empty() : tensor<4xindex>
  %other = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<4xindex>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init, %b = %other)
      -> (tensor<4xindex>, tensor<4xindex>) {
    %rev = tensor.generate {
    ^bb0(%j: index):
      %c3 = arith.constant 3 : index
      %k = arith.subi %c3, %j : index
      %e = tensor.extract %b[%k] : tensor<4xindex>
      tensor.yield %e : index
    } : tensor<4xindex>
    scf.yield %rev, %b : tensor<4xindex>, tensor<4xindex>
  }
  return %r#0 : tensor<4xindex>
}

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefInd(tensor<*xindex>)

func.func @main() {
  %t = arith.constant dense<[-2.5, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %a = call @for_loop(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = call @while_loop(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %c5 = arith.constant 5 : index
  %s = call @swap(%c5) : (index) -> tensor<4xindex>
  %us = tensor.cast %s : tensor<4xindex> to tensor<*xindex>
  call @printMemrefInd(%us) : (tensor<*xindex>) -> ()
  return
}
