// Tokens, values and groups passed to and returned from func.funcs: a
// function that starts tasks (one with a GPU launch) and returns their
// token, value and group, and functions that await what they are given,
// each called twice. Before, such a function was an internal error at its
// await ("a value of type '!async.value<i64>' is used as '!llvm.ptr'"),
// or "'llvm.func' op entry block argument #0 is not of LLVM type" where
// verified after each pass; with a group and a memref argument, its value
// was freed before the await (reference counting took the function's form
// of a value and the caller's for two values).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: first 1.5 1.5
// CHECK-NEXT: index 7
// CHECK: [1.5,  1.5,  1.5,  1.5]
// CHECK: [2,  2,  2,  2]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @inc(%m: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<4xi32>
      %c1 = arith.constant 1 : i32
      %w = arith.addi %v, %c1 : i32
      memref.store %w, %m[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  // Fills %m in a task; returns its token, its value and a group.
  func.func @start(%m: memref<4xf32>, %x: f32)
      -> (!async.token, !async.value<memref<4xf32>>, !async.group) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t, %v = async.execute -> !async.value<memref<4xf32>> {
      scf.for %i = %c0 to %c4 step %c1 {
        memref.store %x, %m[%i] : memref<4xf32>
      }
      async.yield %m : memref<4xf32>
    }
    %g = async.create_group %c1 : !async.group
    %after = async.execute [%t] {
      async.yield
    }
    %i = async.add_to_group %after, %g : !async.token
    return %t, %v, %g : !async.token, !async.value<memref<4xf32>>, !async.group
  }
  func.func @wait_token(%t: !async.token) {
    async.await %t : !async.token
    return
  }
  func.func @first(%v: !async.value<memref<4xf32>>) -> f32 {
    %m = async.await %v : !async.value<memref<4xf32>>
    %c0 = arith.constant 0 : index
    %x = memref.load %m[%c0] : memref<4xf32>
    return %x : f32
  }
  func.func @seven() -> !async.value<index> {
    %c7 = arith.constant 7 : index
    %t, %v = async.execute -> !async.value<index> {
      async.yield %c7 : index
    }
    return %v : !async.value<index>
  }
  func.func @get(%v: !async.value<index>) -> index {
    %x = async.await %v : !async.value<index>
    return %x : index
  }
  // A launch in a task; the caller waits for the GPU token the task yields.
  func.func @launch(%m: memref<4xi32>) -> !async.value<!gpu.async.token> {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %done, %tok = async.execute -> !async.value<!gpu.async.token> {
      %t0 = gpu.wait async
      %a = gpu.launch_func async [%t0] @k::@inc blocks in (%c1, %c1, %c1)
          threads in (%c4, %c1, %c1) args(%m : memref<4xi32>)
      async.yield %a : !gpu.async.token
    }
    return %tok : !async.value<!gpu.async.token>
  }

  func.func @main() {
    %m = memref.alloc() : memref<4xf32>
    %f = arith.constant 1.5 : f32
    %t, %v, %g = call @start(%m, %f) : (memref<4xf32>, f32)
        -> (!async.token, !async.value<memref<4xf32>>, !async.group)
    call @wait_token(%t) : (!async.token) -> ()
    call @wait_token(%t) : (!async.token) -> ()
    %x = call @first(%v) : (!async.value<memref<4xf32>>) -> f32
    %y = call @first(%v) : (!async.value<memref<4xf32>>) -> f32
    async.await_all %g
    vector.print str "first "
    vector.print %x : f32 punctuation <no_punctuation>
    vector.print str " "
    vector.print %y : f32
    %s = call @seven() : () -> !async.value<index>
    %n = call @get(%s) : (!async.value<index>) -> index
    vector.print str "index "
    vector.print %n : index
    %u = memref.cast %m : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %m : memref<4xf32>

    %z = arith.constant 0 : i32
    %d = gpu.alloc host_shared () : memref<4xi32>
    %w = gpu.wait async
    %set = gpu.memset async [%w] %d, %z : memref<4xi32>, i32
    gpu.wait [%set]
    %l1 = call @launch(%d) : (memref<4xi32>) -> !async.value<!gpu.async.token>
    %g1 = async.await %l1 : !async.value<!gpu.async.token>
    gpu.wait [%g1]
    %l2 = call @launch(%d) : (memref<4xi32>) -> !async.value<!gpu.async.token>
    %g2 = async.await %l2 : !async.value<!gpu.async.token>
    gpu.wait [%g2]
    %ud = memref.cast %d : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%ud) : (memref<*xi32>) -> ()
    gpu.dealloc %d : memref<4xi32>
    return
  }
}
