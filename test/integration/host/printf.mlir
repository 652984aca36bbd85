// gpu.printf from every thread of several blocks; the order between
// threads is unspecified, so the lines are sorted before checking.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | sort | FileCheck %s
// CHECK-COUNT-24: block {{[0-2]}} thread {{[0-7]}} value {{[0-9.]+}} big 12345678901
// CHECK-NOT: block
// CHECK: done
module {
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %f = arith.sitofp %t : i32 to f32
      %big = arith.constant 12345678901 : i64
      gpu.printf "block %lld thread %d value %f big %lld\n", %bx, %t, %f, %big : index, i32, f32, i64
      gpu.terminator
    }
    vector.print str "done\n"
    return
  }
}
