// A cf.assert that fails in the body of an async.execute makes that task's
// error, as MLIR's async lowering defines it: its token and values say so
// (async.runtime.is_error), a task awaiting them fails too, and so does a
// group with it; the program goes on. Awaiting a failed task outside a
// task ends the program with the await's location, stdout kept. Before,
// the assert aborted the program at once, and gpu-to-llvm's lowering of an
// assert inside a task corrupted the heap. An assert in a function a task
// calls still ends the program.
// RUN: %mlirc %s --offload-arch=%offload_arch --entry-point=tasks -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch --entry-point=await_failed -o %t.await
// RUN: not --crash %t.await > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=AWAIT-OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=AWAIT --input-file=%t.err
// RUN: %mlirc %s --offload-arch=%offload_arch --entry-point=callee_failed -o %t.callee
// RUN: not --crash %t.callee 2>&1 | FileCheck %s --check-prefix=CALLEE
// CHECK: ok 0
// CHECK-NEXT: failed 1
// CHECK-NEXT: nested 1 1
// CHECK-NEXT: group 1
// CHECK-NEXT: after
// AWAIT-OUT: before
// AWAIT-OUT-NOT: after
// AWAIT: async-task-asserts.mlir:[[@LINE+63]]:3: Awaited async operand is in error state
// CALLEE: async-task-asserts.mlir:[[@LINE+68]]:3: in a callee
func.func @tasks() {
  %no = arith.constant false
  %t0 = async.execute {
    async.yield
  }
  async.runtime.await %t0 : !async.token
  %e0 = async.runtime.is_error %t0 : !async.token
  vector.print str "ok "
  vector.print %e0 : i1
  %t1 = async.execute {
    cf.assert %no, "first"
    async.yield
  }
  async.runtime.await %t1 : !async.token
  %e1 = async.runtime.is_error %t1 : !async.token
  vector.print str "failed "
  vector.print %e1 : i1
  // The inner task's error reaches the one awaiting its value.
  %t2, %v2 = async.execute -> !async.value<i32> {
    %t, %v = async.execute -> !async.value<i32> {
      cf.assert %no, "inner"
      %c = arith.constant 5 : i32
      async.yield %c : i32
    }
    %r = async.await %v : !async.value<i32>
    async.yield %r : i32
  }
  async.runtime.await %t2 : !async.token
  async.runtime.await %v2 : !async.value<i32>
  %e2 = async.runtime.is_error %t2 : !async.token
  %e3 = async.runtime.is_error %v2 : !async.value<i32>
  vector.print str "nested "
  vector.print %e2 : i1 punctuation <no_punctuation>
  vector.print str " "
  vector.print %e3 : i1
  %c2 = arith.constant 2 : index
  %g = async.create_group %c2 : !async.group
  %t3 = async.execute {
    async.yield
  }
  %t4 = async.execute {
    cf.assert %no, "in a group"
    async.yield
  }
  %i0 = async.add_to_group %t3, %g : !async.token
  %i1 = async.add_to_group %t4, %g : !async.token
  async.runtime.await %g : !async.group
  %e4 = async.runtime.is_error %g : !async.group
  vector.print str "group "
  vector.print %e4 : i1
  vector.print str "after\n"
  return
}

func.func @await_failed() {
  %no = arith.constant false
  vector.print str "before\n"
  %t = async.execute {
    cf.assert %no, "awaited"
    async.yield
  }
  async.await %t : !async.token
  vector.print str "after\n"
  return
}

func.func @fail(%ok: i1) {
  cf.assert %ok, "in a callee"
  return
}

func.func @callee_failed() {
  %no = arith.constant false
  %t = async.execute {
    func.call @fail(%no) : (i1) -> ()
    async.yield
  }
  async.await %t : !async.token
  return
}
