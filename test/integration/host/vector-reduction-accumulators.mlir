// vector.reduction of more than four lanes with an accumulator, in a
// kernel: every kind, with an accumulator that decides the result. On
// Vulkan, MLIR's unrolling to SPIR-V's four lanes reduced the pieces and
// dropped the accumulator (maxsi gave 18 instead of 20, mul a twentieth of
// the product). A multi_reduction, which reduces each row with its own
// accumulator, was wrong the same way.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Lanes (1, -11, 18, -1, -19, -6, 18, -4), accumulator 20.
// CHECK:      16
// CHECK-NEXT: -32503680
// CHECK-NEXT: -19
// CHECK-NEXT: 20
// CHECK-NEXT: 1
// CHECK-NEXT: -1
// CHECK-NEXT: 0
// CHECK-NEXT: -1
// CHECK-NEXT: -12
// The same lanes as f32, reassociation allowed, accumulator 0.5; maxnumf
// with accumulator 30.
// CHECK-NEXT: -3.5
// CHECK-NEXT: 30
// Rows (1, -11, 18, -1, -19) and (-6, 18, -4, 7, 2), accumulators 3 and
// -5: products and minima.
// CHECK-NEXT: ( -11286, -30240 )
// CHECK-NEXT: ( -19, -6 )
module attributes {gpu.container_module} {
func.func @main() {
  %one = arith.constant 1 : index
  %z = arith.constant 0 : index
  %buf = gpu.alloc host_shared () : memref<10xi32>
  %init = arith.constant dense<[1, -11, 18, -1, -19, -6, 18, -4, 7, 2]> : vector<10xi32>
  vector.store %init, %buf[%z] : memref<10xi32>, vector<10xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
             threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %c0 = arith.constant 0 : index
    %v = vector.load %buf[%c0] : memref<10xi32>, vector<8xi32>
    %acc = arith.constant 20 : i32
    %add = vector.reduction <add>, %v, %acc : vector<8xi32> into i32
    vector.print %add : i32
    %mul = vector.reduction <mul>, %v, %acc : vector<8xi32> into i32
    vector.print %mul : i32
    %minsi = vector.reduction <minsi>, %v, %acc : vector<8xi32> into i32
    vector.print %minsi : i32
    %maxsi = vector.reduction <maxsi>, %v, %acc : vector<8xi32> into i32
    vector.print %maxsi : i32
    %minui = vector.reduction <minui>, %v, %acc : vector<8xi32> into i32
    vector.print %minui : i32
    %maxui = vector.reduction <maxui>, %v, %acc : vector<8xi32> into i32
    vector.print %maxui : i32
    %and = vector.reduction <and>, %v, %acc : vector<8xi32> into i32
    vector.print %and : i32
    %or = vector.reduction <or>, %v, %acc : vector<8xi32> into i32
    vector.print %or : i32
    %xor = vector.reduction <xor>, %v, %acc : vector<8xi32> into i32
    vector.print %xor : i32
    %f = arith.sitofp %v : vector<8xi32> to vector<8xf32>
    %half = arith.constant 0.5 : f32
    %fadd = vector.reduction <add>, %f, %half fastmath<reassoc> : vector<8xf32> into f32
    vector.print %fadd : f32
    %thirty = arith.constant 30.0 : f32
    %fmax = vector.reduction <maxnumf>, %f, %thirty : vector<8xf32> into f32
    vector.print %fmax : f32
    %w = vector.load %buf[%c0] : memref<10xi32>, vector<10xi32>
    %rows = vector.shape_cast %w : vector<10xi32> to vector<2x5xi32>
    %accs = arith.constant dense<[3, -5]> : vector<2xi32>
    %prod = vector.multi_reduction <mul>, %rows, %accs [1] : vector<2x5xi32> to vector<2xi32>
    vector.print %prod : vector<2xi32>
    %mins = vector.multi_reduction <minsi>, %rows, %accs [1] : vector<2x5xi32> to vector<2xi32>
    vector.print %mins : vector<2xi32>
    gpu.terminator
  }
  return
}
}
