// LLVM's matrix intrinsics, which no LLVM back end compiles itself: mlirc
// lowers them first (as clang does under -fenable-matrix), in host code and
// in kernels; column-major unless LLVM's -matrix-default-layout says
// otherwise.
// UNSUPPORTED: offload-arch-vulkan
// (SPIR-V has no lowering for LLVM dialect intrinsics.)
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -O0 -o %t0 && %t0 | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -mllvm -matrix-default-layout=row-major -o %tr && %tr | FileCheck %s --check-prefix=ROW

func.func @main() {
  %a = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : vector<4xf64>
  %b = arith.constant dense<[4.0, 5.0, 6.0, 7.0]> : vector<4xf64>
  // [[0, 2], [1, 3]] [[4, 6], [5, 7]] column-major; row-major
  // [[0, 1], [2, 3]] [[4, 5], [6, 7]].
  // CHECK: ( 10, 19, 14, 27 )
  // ROW: ( 6, 7, 26, 31 )
  %c = llvm.intr.matrix.multiply %a, %b { lhs_rows = 2 : i32, lhs_columns = 2 : i32, rhs_columns = 2 : i32 } : (vector<4xf64>, vector<4xf64>) -> vector<4xf64>
  vector.print %c : vector<4xf64>
  // CHECK-NEXT: ( 0, 2, 1, 3 )
  // ROW-NEXT: ( 0, 2, 1, 3 )
  %t = llvm.intr.matrix.transpose %a { rows = 2 : i32, columns = 2 : i32 } : vector<4xf64> into vector<4xf64>
  vector.print %t : vector<4xf64>

  // The same product in a kernel.
  // CHECK-NEXT: ( 10, 19, 14, 27 )
  // ROW-NEXT: ( 6, 7, 26, 31 )
  %out = gpu.alloc host_shared () : memref<4xf32>
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : vector<4xf32>
    %y = arith.constant dense<[4.0, 5.0, 6.0, 7.0]> : vector<4xf32>
    %p = llvm.intr.matrix.multiply %x, %y { lhs_rows = 2 : i32, lhs_columns = 2 : i32, rhs_columns = 2 : i32 } : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %c0 = arith.constant 0 : index
    vector.store %p, %out[%c0] : memref<4xf32>, vector<4xf32>
    gpu.terminator
  }
  %c0 = arith.constant 0 : index
  %r = vector.load %out[%c0] : memref<4xf32>, vector<4xf32>
  vector.print %r : vector<4xf32>
  gpu.dealloc %out : memref<4xf32>
  return
}
