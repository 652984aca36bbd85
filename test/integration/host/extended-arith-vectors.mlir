// arith.mulsi_extended, mului_extended and addui_extended (two results)
// on vectors of five lanes and of two dimensions, in a kernel. MLIR's
// unrolling and its LLVM lowering of n-D vectors take ops of one result:
// n-D ones failed on every target ("no rule for it with these operand
// types"), and on Vulkan, whose vectors have at most four lanes, so did
// five lanes.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Products of (INT_MAX, INT_MIN, 7, -7, 65536) and (INT_MIN, 7, -7, 65536, 3):
// CHECK: ( -2147483648, -2147483648, -49, -458752, 196608 )
// CHECK-NEXT: ( -1073741824, -4, -1, -1, 0 )
// CHECK-NEXT: ( -2147483648, -2147483648, -49, -458752, 196608 )
// CHECK-NEXT: ( 1073741823, 3, 6, 65535, 0 )
// Sums and carries:
// CHECK-NEXT: ( -1, -2147483641, 0, 65529, 65539 )
// CHECK-NEXT: ( 0, 0, 1, 1, 0 )
// The same products as 2x3 (a sixth lane, 3 * -1):
// CHECK-NEXT: ( ( -2147483648, -2147483648, -49 ), ( -458752, 196608, -3 ) )
// CHECK-NEXT: ( ( -1073741824, -4, -1 ), ( -1, 0, -1 ) )

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %in = gpu.alloc host_shared () : memref<8xi32>
  %init = arith.constant dense<[2147483647, -2147483648, 7, -7, 65536, 3, -1, 1]> : vector<8xi32>
  vector.store %init, %in[%c0] : memref<8xi32>, vector<8xi32>
  %out = gpu.alloc host_shared () : memref<6x5xi32>
  %out2 = gpu.alloc host_shared () : memref<2x2x3xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
      threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %i4 = arith.constant 4 : index
    %i5 = arith.constant 5 : index
    %a = vector.load %in[%i0] : memref<8xi32>, vector<5xi32>
    %b = vector.load %in[%i1] : memref<8xi32>, vector<5xi32>
    %sl, %sh = arith.mulsi_extended %a, %b : vector<5xi32>
    %ul, %uh = arith.mului_extended %a, %b : vector<5xi32>
    %sum, %carry = arith.addui_extended %a, %b : vector<5xi32>, vector<5xi1>
    %wide = arith.extui %carry : vector<5xi1> to vector<5xi32>
    vector.store %sl, %out[%i0, %i0] : memref<6x5xi32>, vector<5xi32>
    vector.store %sh, %out[%i1, %i0] : memref<6x5xi32>, vector<5xi32>
    vector.store %ul, %out[%i2, %i0] : memref<6x5xi32>, vector<5xi32>
    vector.store %uh, %out[%i3, %i0] : memref<6x5xi32>, vector<5xi32>
    vector.store %sum, %out[%i4, %i0] : memref<6x5xi32>, vector<5xi32>
    vector.store %wide, %out[%i5, %i0] : memref<6x5xi32>, vector<5xi32>
    %a6 = vector.load %in[%i0] : memref<8xi32>, vector<6xi32>
    %b6 = vector.load %in[%i1] : memref<8xi32>, vector<6xi32>
    %a2 = vector.shape_cast %a6 : vector<6xi32> to vector<2x3xi32>
    %b2 = vector.shape_cast %b6 : vector<6xi32> to vector<2x3xi32>
    %l2, %h2 = arith.mulsi_extended %a2, %b2 : vector<2x3xi32>
    vector.store %l2, %out2[%i0, %i0, %i0] : memref<2x2x3xi32>, vector<2x3xi32>
    vector.store %h2, %out2[%i1, %i0, %i0] : memref<2x2x3xi32>, vector<2x3xi32>
    gpu.terminator
  }
  %c6 = arith.constant 6 : index
  scf.for %row = %c0 to %c6 step %one {
    %r = vector.load %out[%row, %c0] : memref<6x5xi32>, vector<5xi32>
    vector.print %r : vector<5xi32>
  }
  %c2 = arith.constant 2 : index
  %zero32 = arith.constant 0 : i32
  scf.for %k = %c0 to %c2 step %one {
    %r = vector.transfer_read %out2[%k, %c0, %c0], %zero32 {in_bounds = [true, true]} : memref<2x2x3xi32>, vector<2x3xi32>
    vector.print %r : vector<2x3xi32>
  }
  return
}
