// A task body with a loop is compiled as a call of a function of its own;
// one that also awaits is an error at the task (the await would block a
// thread of the runtime's pool), with a way out.
// RUN: not %mlirc %s --offload-arch=host -o %t 2>&1 | FileCheck %s
// RUN: not ls %t
// CHECK: async-task-await-loop.mlir:[[@LINE+6]]:16: error: an async.execute body with both control flow ('scf.for') and an async.await is not supported: move the control flow into a function the body calls, or the await out of the body (as a dependency of the task)
// CHECK: async-task-await-loop.mlir:[[@LINE+6]]:10: note: the await
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0, %v0 = async.execute -> !async.value<index> { async.yield %c1 : index }
  %tok, %val = async.execute [] -> !async.value<index> {
    %n = async.await %v0 : !async.value<index>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> index {
      %a = arith.addi %s, %i : index
      scf.yield %a : index
    }
    async.yield %r : index
  }
  %g = async.await %val : !async.value<index>
  vector.print %g : index
  return
}
