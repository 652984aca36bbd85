// Tokens, values and groups that scf.for, scf.if, scf.while and
// scf.index_switch yield, and a recursive function that passes a token on
// through an scf.if. MLIR's reference counting rejected each of them once
// the condition was not a constant: "terminators that are not ReturnLike",
// or "successor have different `liveIn` property of the reference counted
// value"; and, verified after each pass, "'llvm.br' op operand #1 must be
// variadic of LLVM dialect-compatible type, but got '!async.token'".
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t 3 | FileCheck %s
// CHECK: chain 10
// CHECK-NEXT: picked 1.5 1.5
// CHECK-NEXT: while 10
// CHECK-NEXT: switch 3
// CHECK-NEXT: recursion 5
module {
  func.func private @atoi(!llvm.ptr) -> i32

  func.func @after(%n: index, %t: !async.token, %count: memref<1xindex>)
      -> !async.token {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %done = arith.cmpi eq, %n, %c0 : index
    %r = scf.if %done -> !async.token {
      scf.yield %t : !async.token
    } else {
      %next = async.execute [%t] {
        %k = memref.load %count[%c0] : memref<1xindex>
        %k1 = arith.addi %k, %c1 : index
        memref.store %k1, %count[%c0] : memref<1xindex>
        async.yield
      }
      %m = arith.subi %n, %c1 : index
      %rest = func.call @after(%m, %next, %count)
          : (index, !async.token, memref<1xindex>) -> !async.token
      scf.yield %rest : !async.token
    }
    return %r : !async.token
  }

  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %arg = llvm.getelementptr %argv[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %s = llvm.load %arg : !llvm.ptr -> !llvm.ptr
    %three = func.call @atoi(%s) : (!llvm.ptr) -> i32
    %n = arith.index_cast %three : i32 to index

    // Each task after the one before.
    %count = memref.alloc() : memref<1xindex>
    memref.store %c0, %count[%c0] : memref<1xindex>
    %t0 = async.execute { async.yield }
    %last = scf.for %i = %c0 to %c10 step %c1 iter_args(%t = %t0)
        -> !async.token {
      %next = async.execute [%t] {
        %k = memref.load %count[%c0] : memref<1xindex>
        %k1 = arith.addi %k, %c1 : index
        memref.store %k1, %count[%c0] : memref<1xindex>
        async.yield
      }
      scf.yield %next : !async.token
    }
    async.await %last : !async.token
    %chain = memref.load %count[%c0] : memref<1xindex>
    vector.print str "chain "
    vector.print %chain : index

    // A value picked at run time, awaited also by itself.
    %small = arith.cmpi ult, %n, %c1 : index
    %t1, %v1 = async.execute -> !async.value<f32> {
      %a = arith.constant 1.5 : f32
      async.yield %a : f32
    }
    %picked = scf.if %small -> !async.value<f32> {
      %t2, %v2 = async.execute -> !async.value<f32> {
        %b = arith.constant 9.0 : f32
        async.yield %b : f32
      }
      scf.yield %v2 : !async.value<f32>
    } else {
      scf.yield %v1 : !async.value<f32>
    }
    %x = async.await %picked : !async.value<f32>
    %y = async.await %v1 : !async.value<f32>
    vector.print str "picked "
    vector.print %x : f32 punctuation <no_punctuation>
    vector.print str " "
    vector.print %y : f32

    // A group carried by a while loop.
    %g0 = async.create_group %c10 : !async.group
    %w:2 = scf.while (%g = %g0, %k = %c0)
        : (!async.group, index) -> (!async.group, index) {
      %more = arith.cmpi slt, %k, %c10 : index
      scf.condition(%more) %g, %k : !async.group, index
    } do {
    ^bb0(%g: !async.group, %k: index):
      %tk = async.execute { async.yield }
      %in = async.add_to_group %tk, %g : !async.token
      %k1 = arith.addi %k, %c1 : index
      scf.yield %g, %k1 : !async.group, index
    }
    async.await_all %w#0
    vector.print str "while "
    vector.print %w#1 : index

    // A switch yielding values.
    %sv = scf.index_switch %n -> !async.value<index>
    case 3 {
      %ts, %vs = async.execute -> !async.value<index> {
        async.yield %n : index
      }
      scf.yield %vs : !async.value<index>
    }
    default {
      %ts, %vs = async.execute -> !async.value<index> {
        async.yield %c0 : index
      }
      scf.yield %vs : !async.value<index>
    }
    %sw = async.await %sv : !async.value<index>
    vector.print str "switch "
    vector.print %sw : index

    // Recursion: five tasks, each after the one before.
    memref.store %c0, %count[%c0] : memref<1xindex>
    %start = async.execute { async.yield }
    %c5 = arith.constant 5 : index
    %end = func.call @after(%c5, %start, %count)
        : (index, !async.token, memref<1xindex>) -> !async.token
    async.await %end : !async.token
    %rec = memref.load %count[%c0] : memref<1xindex>
    vector.print str "recursion "
    vector.print %rec : index
    memref.dealloc %count : memref<1xindex>
    %zero = arith.constant 0 : i32
    return %zero : i32
  }
}
