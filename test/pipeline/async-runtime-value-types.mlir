// A program's own async.runtime ops on a task's !async.value<index>: the
// host's LLVM conversion made the task's value !async.value<i64> and left
// these ops on a cast of it, which MLIR's reference counting took for a
// second value, dropping the one value's reference twice. The task freed
// the value while the program still awaited it (a crash one run in ~50).
// RUN: %mlirc %s --offload-arch=host -o %t -mmlir --mlir-print-ir-after=async-runtime-ref-counting-opt 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %t | FileCheck %s
// IR-LABEL: IR Dump After AsyncRuntimeRefCountingOptPass
// IR-NOT: unrealized_conversion_cast{{.*}}!async.value
// IR: %[[TASK:.*]]:2 = func.call @async_execute_fn() : () -> (!async.token, !async.value<i64>)
// IR-NOT: unrealized_conversion_cast{{.*}}!async.value
// IR: async.runtime.await %[[TASK]]#1 : !async.value<i64>
// IR: async.runtime.is_error %[[TASK]]#1 : !async.value<i64>
// IR: async.runtime.drop_ref %[[TASK]]#1 {count = 1 : i64} : !async.value<i64>
// IR-NOT: async.runtime.drop_ref %[[TASK]]#1
// IR: func.func private @async_execute_fn
// CHECK: error 1 1
// CHECK-NEXT: value 0 7
// CHECK-NEXT: group 0
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %tf, %vf = async.execute -> !async.value<index> {
    %small = arith.cmpi ult, %c7, %c2 : index
    cf.assert %small, "7 < 2"
    async.yield %c7 : index
  }
  async.runtime.await %tf : !async.token
  async.runtime.await %vf : !async.value<index>
  %et = async.runtime.is_error %tf : !async.token
  %ev = async.runtime.is_error %vf : !async.value<index>
  vector.print str "error "
  vector.print %et : i1 punctuation <no_punctuation>
  vector.print str " "
  vector.print %ev : i1

  %t, %v = async.execute -> !async.value<index> {
    async.yield %c7 : index
  }
  async.runtime.await %v : !async.value<index>
  %e = async.runtime.is_error %v : !async.value<index>
  %x = async.runtime.load %v : !async.value<index>
  vector.print str "value "
  vector.print %e : i1 punctuation <no_punctuation>
  vector.print str " "
  vector.print %x : index

  // A group's size stays an index.
  %g = async.create_group %c1 : !async.group
  %i = async.add_to_group %t, %g : !async.token
  async.runtime.await %g : !async.group
  %eg = async.runtime.is_error %g : !async.group
  vector.print str "group "
  vector.print %eg : i1
  return
}
