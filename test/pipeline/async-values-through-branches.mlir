// Async values passed between blocks, and live into one successor only, in
// the form MLIR's reference counting takes: without this, it rejected both
// ("terminators that are not ReturnLike", "successor have different
// `liveIn` property"), as the lowering of every scf.if, scf.for and
// scf.while that yields a token, value or group makes them.
// RUN: mlirc-opt --mlirc-async-values-through-branches %s | FileCheck %s
// RUN: mlirc-opt --mlirc-async-values-through-branches \
// RUN:   --async-runtime-ref-counting %s | FileCheck %s --check-prefix=COUNTED

// A value passed to a block: the receiver gets a reference of its own, and
// the value a pointer cast from it, which it casts back.
// CHECK-LABEL: func.func @pick(
// CHECK-SAME: %[[C:.*]]: i1, %[[T:.*]]: !async.token)
// CHECK: ^bb1:
// CHECK: %[[NEW:.*]] = async.runtime.create : !async.token
// CHECK: async.runtime.add_ref %[[NEW]] {count = 1 : i64}
// CHECK-NEXT: %[[P1:.*]] = builtin.unrealized_conversion_cast %[[NEW]] : !async.token to !llvm.ptr
// CHECK-NEXT: cf.br ^bb3(%[[P1]] : !llvm.ptr)
// CHECK: ^bb2:
// CHECK-NEXT: async.runtime.add_ref %[[T]] {count = 1 : i64}
// CHECK-NEXT: %[[P2:.*]] = builtin.unrealized_conversion_cast %[[T]] : !async.token to !llvm.ptr
// CHECK-NEXT: cf.br ^bb3(%[[P2]] : !llvm.ptr)
// CHECK: ^bb3(%[[P:.*]]: !llvm.ptr):
// CHECK-NEXT: %[[R:.*]] = builtin.unrealized_conversion_cast %[[P]] : !llvm.ptr to !async.token
// CHECK-NEXT: return %[[R]] : !async.token

// Each sender drops its own reference after the cast; the token the
// function was given, on the side that does not pass it, at once.
// COUNTED-LABEL: func.func @pick(
// COUNTED: ^bb1:
// COUNTED-NEXT: async.runtime.drop_ref %arg1 {count = 1 : i64}
// COUNTED: %[[NEW:.*]] = async.runtime.create
// COUNTED: async.runtime.add_ref %[[NEW]] {count = 1 : i64}
// COUNTED-NEXT: builtin.unrealized_conversion_cast %[[NEW]]
// COUNTED-NEXT: async.runtime.drop_ref %[[NEW]] {count = 1 : i64}
// COUNTED: ^bb2:
// COUNTED-NEXT: async.runtime.add_ref %arg1 {count = 1 : i64}
// COUNTED-NEXT: builtin.unrealized_conversion_cast %arg1
// COUNTED-NEXT: async.runtime.drop_ref %arg1 {count = 1 : i64}
// COUNTED: ^bb3(
// COUNTED-NOT: drop_ref
// COUNTED: return
func.func @pick(%c: i1, %t: !async.token) -> !async.token {
  cf.cond_br %c, ^yes, ^no
^yes:
  %n = async.runtime.create : !async.token
  async.runtime.set_available %n : !async.token
  cf.br ^join(%n : !async.token)
^no:
  cf.br ^join(%t : !async.token)
^join(%r: !async.token):
  return %r : !async.token
}

// A token awaited on one side of a branch to blocks with arguments: each
// such edge gets a block of its own, where the other side drops it.
// CHECK-LABEL: func.func @awaits_one_side(
// CHECK-SAME: %[[C:.*]]: i1, %[[T:.*]]: !async.token, %[[X:.*]]: i64)
// CHECK: cf.cond_br %[[C]], ^bb1, ^bb3
// CHECK: ^bb1:
// CHECK-NEXT: cf.br ^bb2(%[[X]] : i64)
// CHECK: ^bb2(%{{.*}}: i64):
// CHECK-NEXT: async.runtime.await %[[T]]
// CHECK: ^bb3:
// CHECK-NEXT: cf.br ^bb4(%[[X]] : i64)
// COUNTED-LABEL: func.func @awaits_one_side(
// COUNTED: async.runtime.await %arg1
// COUNTED-NEXT: async.runtime.drop_ref %arg1 {count = 1 : i64}
// COUNTED: ^bb3:
// COUNTED-NEXT: async.runtime.drop_ref %arg1 {count = 1 : i64}
// COUNTED-NEXT: cf.br ^bb4(%arg2 : i64)
func.func @awaits_one_side(%c: i1, %t: !async.token, %x: i64) -> i64 {
  cf.cond_br %c, ^wait(%x : i64), ^done(%x : i64)
^wait(%a: i64):
  async.runtime.await %t : !async.token
  cf.br ^done(%a : i64)
^done(%b: i64):
  return %b : i64
}
