// A GPU token in an async.func's arguments or results is an error at the
// function with a way out (tokens cross tasks as events only through
// async.execute's values); it was "failed to legalize operation
// 'async.func'".
// RUN: not %mlirc %s --offload-arch=host -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t
// CHECK: async-func-gpu-token.mlir:[[@LINE+1]]:1: error: a !gpu.async.token passed to or returned from an async.func is not supported; wait for it (gpu.wait) in the function, or run the GPU work in an async.execute, whose values may carry tokens
async.func @start() -> !async.value<!gpu.async.token> {
  %t = gpu.wait async
  return %t : !gpu.async.token
}
func.func @main() {
  %v = async.call @start() : () -> !async.value<!gpu.async.token>
  %t = async.await %v : !async.value<!gpu.async.token>
  gpu.wait [%t]
  return
}
