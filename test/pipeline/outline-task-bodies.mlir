// A task body with loops becomes a call of an async.func of its own, which
// the task awaits: its block arguments and what it captures are the
// function's arguments, its values the function's async values. A body
// that passes GPU tokens in or out becomes a call of a func.func: the
// awaits it starts with become the task's dependencies and operands, and
// any other await is an error at the task (it would block a thread of the
// runtime's pool), with a way out.
// RUN: mlirc-opt --mlirc-outline-task-bodies --split-input-file \
// RUN:   --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: async.func private @__mlirc_task_body_0
// CHECK-SAME: (%[[N:.*]]: index, %{{.*}}: index, %{{.*}}: index) -> !async.value<index>
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step
// CHECK: return %{{.*}} : index
// CHECK-LABEL: func.func @values
// CHECK: async.execute [%{{.*}}] (%{{.*}} as %[[V:.*]]: !async.value<index>) -> !async.value<index> {
// CHECK-NEXT: %[[R:.*]] = async.call @__mlirc_task_body_0(%[[V]], %{{.*}}, %{{.*}}) : (index, index, index) -> !async.value<index>
// CHECK-NEXT: %[[A:.*]] = async.await %[[R]] : !async.value<index>
// CHECK-NEXT: async.yield %[[A]] : index
func.func @values(%dep: !async.token, %v: !async.value<index>) -> !async.value<index> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tok, %val = async.execute [%dep] (%v as %n: !async.value<index>) -> !async.value<index> {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> index {
      %a = arith.addi %s, %i : index
      scf.yield %a : index
    }
    async.yield %r : index
  }
  return %val : !async.value<index>
}

// -----

// Nothing yielded: the function's token is awaited.
// CHECK-LABEL: async.func private @__mlirc_task_body_0
// CHECK-SAME: (%{{.*}}: i1) -> !async.token
// CHECK: scf.if
// CHECK: cf.assert
// CHECK: return{{$}}
// CHECK-LABEL: func.func @token
// CHECK: async.execute {
// CHECK-NEXT: %[[T:.*]] = async.call @__mlirc_task_body_0(%{{.*}}) : (i1) -> !async.token
// CHECK-NEXT: async.await %[[T]] : !async.token
// CHECK-NEXT: async.yield
func.func @token(%b: i1) -> !async.token {
  %t = async.execute {
    scf.if %b {
      %f = arith.constant false
      cf.assert %f, "no"
    }
    async.yield
  }
  return %t : !async.token
}

// -----

// CHECK-LABEL: func.func private @__mlirc_task_body_0
// CHECK-SAME: -> !gpu.async.token
func.func @gpu_token(%n: index) -> !async.value<!gpu.async.token> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tok, %val = async.execute -> !async.value<!gpu.async.token> {
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %w = gpu.wait async [%t]
      scf.yield %w : !gpu.async.token
    }
    async.yield %r : !gpu.async.token
  }
  return %val : !async.value<!gpu.async.token>
}

// -----

// Awaits that start the body, on values from outside it, become the
// task's dependencies and operands first.
// CHECK-LABEL: func.func @gpu_token_await
// CHECK: async.execute [%{{.*}}] (%{{.*}} as %[[M:.*]]: !async.value<index>) -> !async.value<!gpu.async.token> {
// CHECK-NEXT: %[[R:.*]] = func.call @__mlirc_task_body_{{[0-9]+}}(%[[M]],
// CHECK-NEXT: async.yield %[[R]]
func.func @gpu_token_await(%n: !async.value<index>, %ready: !async.token) -> !async.value<!gpu.async.token> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tok, %val = async.execute -> !async.value<!gpu.async.token> {
    %c2 = arith.constant 2 : index
    async.await %ready : !async.token
    %m = async.await %n : !async.value<index>
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %m step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %w = gpu.wait async [%t]
      scf.yield %w : !gpu.async.token
    }
    async.yield %r : !gpu.async.token
  }
  return %val : !async.value<!gpu.async.token>
}

// -----

// A token in an async value the body captures crosses too, awaited first.
// CHECK-LABEL: func.func @gpu_token_value
// CHECK: async.execute (%{{.*}} as %[[T:.*]]: !async.value<!gpu.async.token>) {
// CHECK-NEXT: func.call @__mlirc_task_body_{{[0-9]+}}(%[[T]],
func.func @gpu_token_value(%tv: !async.value<!gpu.async.token>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tok = async.execute {
    %t0 = async.await %tv : !async.value<!gpu.async.token>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %w = gpu.wait async [%t]
      scf.yield %w : !gpu.async.token
    }
    gpu.wait [%r]
    async.yield
  }
  return
}

// -----

// An await after work the body does first stays in the body: moved ahead,
// it could wait for what that work enables.
func.func @await_after_work(%ready: !async.token, %n: index, %m: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  // expected-error @+1 {{an async.execute body with control flow ('scf.for') that takes or yields GPU tokens and awaits is not supported}}
  %tok, %val = async.execute -> !async.value<!gpu.async.token> {
    memref.store %one, %m[%c0] : memref<1xi32>
    // expected-note @+1 {{the await}}
    async.await %ready : !async.token
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %w = gpu.wait async [%t]
      scf.yield %w : !gpu.async.token
    }
    async.yield %r : !gpu.async.token
  }
  return
}

// -----

// A group the body awaits first is awaited by a task of its own, which
// the task depends on.
// CHECK-LABEL: func.func @await_group
// CHECK: %[[W:.*]] = async.execute {
// CHECK-NEXT: async.await_all %{{.*}}
// CHECK-NEXT: async.yield
// CHECK: async.execute [%[[W]]] -> !async.value<!gpu.async.token> {
// CHECK-NEXT: func.call @__mlirc_task_body_
func.func @await_group(%g: !async.group, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tok, %val = async.execute -> !async.value<!gpu.async.token> {
    async.await_all %g
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %w = gpu.wait async [%t]
      scf.yield %w : !gpu.async.token
    }
    async.yield %r : !gpu.async.token
  }
  return
}

// -----

// An await_all in a loop stays in the body.
func.func @await_group_in_loop(%g: !async.group, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{an async.execute body with control flow ('scf.for') that takes or yields GPU tokens and awaits is not supported}}
  %tok, %val = async.execute -> !async.value<!gpu.async.token> {
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      // expected-note @+1 {{the await}}
      async.await_all %g
      %w = gpu.wait async [%t]
      scf.yield %w : !gpu.async.token
    }
    async.yield %r : !gpu.async.token
  }
  return
}
