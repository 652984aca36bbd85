// Elementwise ops on a transposed vector and a constant, in a kernel. On
// Vulkan, MLIR's reordering of elementwise ops around transposes made a
// transpose of the constant, which the next reordering moved back: the
// compile never ended (a floor division, which expands into several
// elementwise ops, of a transposed outer product by a constant; and a sum
// of a transposed constant and a constant).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// The outer product of (-4, 19, -10) and (-16, 14, 3, -18, -7, 0, 1, -16),
// transposed, divided (rounding down) by the 8x3 constant.
// CHECK:      ( ( -64, -304, 53 ), ( 18, 53, -70 ), ( -6, 57, 15 ), ( 24, -171, -180 ), ( 14, 19, -10 ), ( 0, 0, 0 ), ( -1, -7, 1 ), ( -22, -152, 53 ) )
// CHECK-NEXT: ( ( 11, 23, 35 ), ( 42, 54, 66 ) )
module attributes {gpu.container_module} {
func.func @main() {
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
             threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %a = arith.constant dense<[-4, 19, -10]> : vector<3xi32>
    %b = arith.constant dense<[-16, 14, 3, -18, -7, 0, 1, -16]> : vector<8xi32>
    %p = vector.outerproduct %a, %b : vector<3xi32>, vector<8xi32>
    %t = vector.transpose %p, [1, 0] : vector<3x8xi32> to vector<8x3xi32>
    %d = arith.constant dense<[[-1, 1, 3], [-3, 5, 2], [2, 1, -2], [3, 2, -1], [2, -7, -7], [5, 2, 5], [5, -3, -7], [-3, 2, 3]]> : vector<8x3xi32>
    %q = arith.floordivsi %t, %d : vector<8x3xi32>
    vector.print %q : vector<8x3xi32>
    %c = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : vector<3x2xi32>
    %ct = vector.transpose %c, [1, 0] : vector<3x2xi32> to vector<2x3xi32>
    %e = arith.constant dense<[[10, 20, 30], [40, 50, 60]]> : vector<2x3xi32>
    %s = arith.addi %ct, %e : vector<2x3xi32>
    vector.print %s : vector<2x3xi32>
    gpu.terminator
  }
  return
}
}
