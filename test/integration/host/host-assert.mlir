// A failing cf.assert in host code: what the program printed before stays
// (stdout is flushed, even into a pipe or a file), the message goes to
// stderr with the assert's location, and the program aborts.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t
// RUN: not --crash %t > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// CHECK: checking 3
// CHECK-NEXT: checking 4
// CHECK-NEXT: checking 5
// CHECK-NOT: checking 6
// ERR: host-assert.mlir:[[@LINE+10]]:5: value below 5 {{[(]}}100% sure{{[)]}}
func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c3 to %c9 step %c1 {
    vector.print str "checking "
    vector.print %i : index
    %ok = arith.cmpi ult, %i, %c5 : index
    cf.assert %ok, "value below 5 (100% sure)"
  }
  return
}
