// async.execute bodies with loops and branches: on the host, and with GPU
// work carried through the loop. Before, scf-to-cf made such a body
// several blocks and the async lowering failed on it (an internal
// compiler error). Such a body also awaits, before a loop and inside one,
// and an assert failing in its loop is the task's error, as in a body
// without loops (it ended the program). A body that carries GPU tokens
// awaits tokens, values and a group first (they become the task's
// dependencies), a failed one among them making the task's value an error.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sum 6
// CHECK-NEXT: odd 2
// CHECK-NEXT: awaited 10
// CHECK-NEXT: in the loop 14
// CHECK-NEXT: failed 1 1
// CHECK: [4,  4,  4,  4]
// CHECK: [10,  10,  10,  10]
// CHECK: [14,  14,  14,  14]
// CHECK: after the failed one 1
// CHECK: [14,  14,  14,  14]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add(%m: memref<4xi32>, %d: i32) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<4xi32>
      %w = arith.addi %v, %d : i32
      memref.store %w, %m[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %tok, %val:2 = async.execute [] -> (!async.value<index>, !async.value<index>) {
      %sum, %odd = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %c0, %o = %c0) -> (index, index) {
        %s1 = arith.addi %s, %i : index
        %rem = arith.remui %i, %c2 : index
        %isOdd = arith.cmpi ne, %rem, %c0 : index
        %o1 = scf.if %isOdd -> index {
          %n = arith.addi %o, %c1 : index
          scf.yield %n : index
        } else {
          scf.yield %o : index
        }
        scf.yield %s1, %o1 : index, index
      }
      async.yield %sum, %odd : index, index
    }
    %sum = async.await %val#0 : !async.value<index>
    %odd = async.await %val#1 : !async.value<index>
    vector.print str "sum "
    vector.print %sum : index
    vector.print str "odd "
    vector.print %odd : index

    // An await before the loop, and one in it.
    %t5, %five = async.execute -> !async.value<index> {
      %c5 = arith.constant 5 : index
      async.yield %c5 : index
    }
    %ta, %va = async.execute -> !async.value<index> {
      %n = async.await %five : !async.value<index>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> index {
        %a = arith.addi %s, %i : index
        scf.yield %a : index
      }
      async.yield %r : index
    }
    %awaited = async.await %va : !async.value<index>
    vector.print str "awaited "
    vector.print %awaited : index
    %tl, %vl = async.execute -> !async.value<index> {
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %c0) -> index {
        %n = async.await %five : !async.value<index>
        %a = arith.addi %s, %n : index
        %b = arith.subi %a, %i : index
        scf.yield %b : index
      }
      async.yield %r : index
    }
    %inloop = async.await %vl : !async.value<index>
    vector.print str "in the loop "
    vector.print %inloop : index
    // An assert failing in the loop: the task's error, the program goes on.
    %tf, %vf = async.execute -> !async.value<index> {
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %c0) -> index {
        %small = arith.cmpi ult, %i, %c2 : index
        cf.assert %small, "i < 2"
        %a = arith.addi %s, %i : index
        scf.yield %a : index
      }
      async.yield %r : index
    }
    async.runtime.await %tf : !async.token
    async.runtime.await %vf : !async.value<index>
    %ef = async.runtime.is_error %tf : !async.token
    %evf = async.runtime.is_error %vf : !async.value<index>
    vector.print str "failed "
    vector.print %ef : i1 punctuation <no_punctuation>
    vector.print str " "
    vector.print %evf : i1

    // Four launches in a task, each after the one before.
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %m = gpu.alloc host_shared () : memref<4xi32>
    %s = gpu.wait async
    %set = gpu.memset async [%s] %m, %z : memref<4xi32>, i32
    gpu.wait [%set]
    %done, %last = async.execute [] -> !async.value<!gpu.async.token> {
      %t0 = gpu.wait async
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %t0) -> !gpu.async.token {
        %a = gpu.launch_func async [%t] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
        scf.yield %a : !gpu.async.token
      }
      async.yield %r : !gpu.async.token
    }
    %g = async.await %last : !async.value<!gpu.async.token>
    gpu.wait [%g]
    %u = memref.cast %m : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()

    // Such a task that first awaits a token, a count and a GPU token from
    // other tasks: count (5) launches after the one before them.
    %tn, %vn = async.execute [%done] -> !async.value<index> {
      %c5 = arith.constant 5 : index
      async.yield %c5 : index
    }
    %tz, %vz = async.execute -> !async.value<!gpu.async.token> {
      %a = gpu.launch_func async @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
      async.yield %a : !gpu.async.token
    }
    %after, %more = async.execute -> !async.value<!gpu.async.token> {
      async.await %tn : !async.token
      %n = async.await %vn : !async.value<index>
      %t0 = async.await %vz : !async.value<!gpu.async.token>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> !gpu.async.token {
        %a = gpu.launch_func async [%t] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
        scf.yield %a : !gpu.async.token
      }
      async.yield %r : !gpu.async.token
    }
    %g2 = async.await %more : !async.value<!gpu.async.token>
    gpu.wait [%g2]
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    // One that first awaits a group of two tasks that each launch once:
    // two launches after them.
    %c2g = arith.constant 2 : index
    %group = async.create_group %c2g : !async.group
    %w1 = async.execute {
      %a = gpu.launch_func async @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
      gpu.wait [%a]
      async.yield
    }
    %w2 = async.execute [%w1] {
      %a = gpu.launch_func async @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
      gpu.wait [%a]
      async.yield
    }
    %i1 = async.add_to_group %w1, %group : !async.token
    %i2 = async.add_to_group %w2, %group : !async.token
    %grouped, %gv = async.execute -> !async.value<!gpu.async.token> {
      async.await_all %group
      %t0 = gpu.wait async
      %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %t0) -> !gpu.async.token {
        %a = gpu.launch_func async [%t] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
        scf.yield %a : !gpu.async.token
      }
      async.yield %r : !gpu.async.token
    }
    %g3 = async.await %gv : !async.value<!gpu.async.token>
    gpu.wait [%g3]
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    // One that awaits the failed task's value: its error, no launch.
    %tx, %vx = async.execute -> !async.value<!gpu.async.token> {
      %n = async.await %vf : !async.value<index>
      %t0 = gpu.wait async
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> !gpu.async.token {
        %a = gpu.launch_func async [%t] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
        scf.yield %a : !gpu.async.token
      }
      async.yield %r : !gpu.async.token
    }
    async.runtime.await %vx : !async.value<!gpu.async.token>
    %ex = async.runtime.is_error %vx : !async.value<!gpu.async.token>
    vector.print str "after the failed one "
    vector.print %ex : i1
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %m : memref<4xi32>
    return
  }
}
