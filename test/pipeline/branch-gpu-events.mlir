// GPU tokens that branches, calls and joins hand over are events recorded
// on their streams, which gpu-to-llvm's waits take them for; a received
// token that a launch uses becomes a stream first.
// RUN: mlirc-opt --mlirc-branch-gpu-events %s | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @step() kernel { gpu.return }
  }

  // A loop-carried token: the loop header makes a stream of the event, the
  // back edge records an event and ends the stream.
  // CHECK-LABEL: func.func @loop
  func.func @loop(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: %[[FIRST:.*]] = gpu.wait async
    %t0 = gpu.wait async
    // CHECK: %[[P0:.*]] = builtin.unrealized_conversion_cast %[[FIRST]]
    // CHECK: llvm.call @mgpuEventRecord({{.*}}, %[[P0]])
    // CHECK: llvm.call @mgpuStreamDestroy
    // CHECK: cf.br ^[[HEAD:.*]](%c0, %{{.*}} : index, !gpu.async.token)
    cf.br ^head(%c0, %t0 : index, !gpu.async.token)
  // CHECK: ^[[HEAD]](%{{.*}}: index, %[[EVENT:.*]]: !gpu.async.token):
  ^head(%i: index, %t: !gpu.async.token):
    // CHECK-NEXT: %[[STREAM:.*]] = gpu.wait async [%[[EVENT]]]
    %more = arith.cmpi slt, %i, %n : index
    // CHECK: cf.cond_br %{{.*}}, ^[[BODY:.*]], ^[[EXIT:.*]]
    cf.cond_br %more, ^body, ^exit
  // CHECK: ^[[BODY]]:
  ^body:
    // CHECK: %[[RAN:.*]] = gpu.launch_func async [%[[STREAM]]]
    %r = gpu.launch_func async [%t] @k::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %next = arith.addi %i, %c1 : index
    // CHECK: %[[P1:.*]] = builtin.unrealized_conversion_cast %[[RAN]]
    // CHECK: llvm.call @mgpuEventRecord({{.*}}, %[[P1]])
    // CHECK: %[[P2:.*]] = builtin.unrealized_conversion_cast %[[RAN]]
    // CHECK: llvm.call @mgpuStreamDestroy(%[[P2]])
    // CHECK: cf.br ^[[HEAD]]
    cf.br ^head(%next, %r : index, !gpu.async.token)
  // CHECK: ^[[EXIT]]:
  ^exit:
    // CHECK-NEXT: gpu.wait [%[[STREAM]]]
    gpu.wait [%t]
    return
  }

  // Each edge of a conditional branch records its own event, in a block of
  // its own, so that no event is made for the edge not taken.
  // CHECK-LABEL: func.func @choose
  func.func @choose(%c: i1) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %a = gpu.launch_func async [%t0] @k::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // CHECK: cf.cond_br %{{.*}}, ^[[THEN:.*]], ^[[ELSE:.*]]
    // CHECK: ^[[THEN]]:
    // CHECK: llvm.call @mgpuEventRecord
    // CHECK: cf.br ^[[MERGE:.*]](%{{.*}} : !gpu.async.token)
    // CHECK: ^[[ELSE]]:
    // CHECK: llvm.call @mgpuEventRecord
    // CHECK: cf.br ^[[MERGE]](%{{.*}} : !gpu.async.token)
    cf.cond_br %c, ^merge(%a : !gpu.async.token), ^merge(%a : !gpu.async.token)
  // An event that only a wait takes stays an event.
  // CHECK: ^[[MERGE]](%[[E:.*]]: !gpu.async.token):
  ^merge(%t: !gpu.async.token):
    // CHECK-NEXT: gpu.wait [%[[E]]]
    gpu.wait [%t]
    return
  }

  // A function takes and returns events; an unused one is freed.
  // CHECK-LABEL: func.func @callee
  // CHECK-SAME: (%[[IN:.*]]: !gpu.async.token, %[[UNUSED:.*]]: !gpu.async.token)
  func.func @callee(%t: !gpu.async.token, %u: !gpu.async.token) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    // CHECK: llvm.call @mgpuEventDestroy
    // CHECK: %[[S:.*]] = gpu.wait async [%[[IN]]]
    // CHECK: gpu.launch_func async [%[[S]]]
    %r = gpu.launch_func async [%t] @k::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // CHECK: llvm.call @mgpuEventRecord
    // CHECK: llvm.call @mgpuStreamDestroy
    // CHECK: return
    return %r : !gpu.async.token
  }

  // A join ends the streams it takes but one that goes on after it. Its
  // events cover the work up to the tokens it names, not a launch after
  // them on the same stream.
  // CHECK-LABEL: func.func @join
  func.func @join() {
    %c1 = arith.constant 1 : index
    // CHECK: %[[A:.*]] = gpu.wait async
    // CHECK-NEXT: llvm.call @mgpuEventCreate
    // CHECK-NEXT: %[[PA:.*]] = builtin.unrealized_conversion_cast %[[A]]
    // CHECK-NEXT: llvm.call @mgpuEventRecord(%{{.*}}, %[[PA]])
    // CHECK: %[[LATER:.*]] = gpu.launch_func async [%[[A]]]
    // CHECK: %[[B:.*]] = gpu.wait async
    %a = gpu.wait async
    %later = gpu.launch_func async [%a] @k::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %b = gpu.wait async
    // CHECK-NEXT: llvm.call @mgpuEventCreate
    // CHECK-NEXT: %[[PB:.*]] = builtin.unrealized_conversion_cast %[[B]]
    // CHECK-NEXT: llvm.call @mgpuEventRecord(%{{.*}}, %[[PB]])
    // CHECK: %[[PB2:.*]] = builtin.unrealized_conversion_cast %[[B]]
    // CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[PB2]])
    // CHECK-NEXT: %[[J:.*]] = gpu.wait async
    %j = gpu.wait async [%a, %b]
    // CHECK-NOT: mgpuStreamDestroy
    // CHECK: gpu.launch_func async [%[[J]]]
    %r = gpu.launch_func async [%j] @k::@step blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.wait [%r]
    gpu.wait [%later]
    return
  }
}
