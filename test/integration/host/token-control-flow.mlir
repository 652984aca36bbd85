// GPU tokens through control flow: scf.if results, tokens carried by
// scf.for and scf.while, and tokens as function arguments. Before, loops
// carrying tokens were rejected, and after an scf.if the host read the
// copy before it was made (gpu.wait took the merged stream for an event).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [1,  1,  1,  1]
// CHECK: [0,  0,  0,  0]
// CHECK: [335,  335,  335,  335]
// CHECK-NEXT: done
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

  // Waits for the token it takes, then prints the buffer.
  func.func @show(%m: memref<4xi32>, %t: !gpu.async.token) {
    %h = memref.alloc() : memref<4xi32>
    %copied = gpu.memcpy async [%t] %h, %m : memref<4xi32>, memref<4xi32>
    gpu.wait [%copied]
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %h : memref<4xi32>
    return
  }

  func.func @zeros() -> (memref<4xi32>, !gpu.async.token) {
    %z = arith.constant 0 : i32
    %t0 = gpu.wait async
    %m, %allocated = gpu.alloc async [%t0] () : memref<4xi32>
    %set = gpu.memset async [%allocated] %m, %z : memref<4xi32>, i32
    return %m, %set : memref<4xi32>, !gpu.async.token
  }

  func.func @maybe(%cond: i1) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1 : i32
    %m, %ready = call @zeros() : () -> (memref<4xi32>, !gpu.async.token)
    %r = scf.if %cond -> !gpu.async.token {
      %a = gpu.launch_func async [%ready] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
      scf.yield %a : !gpu.async.token
    } else {
      scf.yield %ready : !gpu.async.token
    }
    %h = memref.alloc() : memref<4xi32>
    %copied = gpu.memcpy async [%r] %h, %m : memref<4xi32>, memref<4xi32>
    gpu.wait [%copied]
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %h : memref<4xi32>
    gpu.dealloc %m : memref<4xi32>
    return
  }

  func.func @main() {
    %true = arith.constant true
    %false = arith.constant false
    call @maybe(%true) : (i1) -> ()
    call @maybe(%false) : (i1) -> ()

    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    %one = arith.constant 1 : i32
    %m, %ready = call @zeros() : () -> (memref<4xi32>, !gpu.async.token)
    // Ten launches, each after the one before: 10.
    %r1 = scf.for %i = %c0 to %c10 step %c1 iter_args(%t = %ready) -> !gpu.async.token {
      %a = gpu.launch_func async [%t] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %one : i32)
      scf.yield %a : !gpu.async.token
    }
    // Launches in odd iterations; the token passes the others: 1+3+5+7+9.
    %r2 = scf.for %i = %c0 to %c10 step %c1 iter_args(%t = %r1) -> !gpu.async.token {
      %rem = arith.remui %i, %c2 : index
      %odd = arith.cmpi ne, %rem, %c0 : index
      %n = scf.if %odd -> !gpu.async.token {
        %ii = arith.index_cast %i : index to i32
        %a = gpu.launch_func async [%t] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %ii : i32)
        scf.yield %a : !gpu.async.token
      } else {
        scf.yield %t : !gpu.async.token
      }
      scf.yield %n : !gpu.async.token
    }
    // Three launches of 100 in a while loop.
    %r3:2 = scf.while (%t = %r2, %n = %c0) : (!gpu.async.token, index) -> (!gpu.async.token, index) {
      %c3 = arith.constant 3 : index
      %go = arith.cmpi ult, %n, %c3 : index
      scf.condition(%go) %t, %n : !gpu.async.token, index
    } do {
    ^bb0(%t: !gpu.async.token, %n: index):
      %hundred = arith.constant 100 : i32
      %a = gpu.launch_func async [%t] @k::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>, %hundred : i32)
      %n1 = arith.addi %n, %c1 : index
      scf.yield %a, %n1 : !gpu.async.token, index
    }
    call @show(%m, %r3#0) : (memref<4xi32>, !gpu.async.token) -> ()
    // A loop that only carries its token.
    %t5 = gpu.wait async
    %r5 = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %t5) -> !gpu.async.token {
      scf.yield %t : !gpu.async.token
    }
    gpu.wait [%r5]
    gpu.dealloc %m : memref<4xi32>
    vector.print str "done\n"
    return
  }
}
