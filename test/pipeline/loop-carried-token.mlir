// A token carried through a loop is rejected with a way out, instead of
// being miscompiled by gpu-to-llvm.
// RUN: not %mlirc %s --offload-arch=host --compile-to=outlined -o - 2>&1 | FileCheck %s
// CHECK: loop-carried-token.mlir:[[@LINE+9]]:{{[0-9]+}}: error: a !gpu.async.token carried through a loop is not supported (MLIR's gpu-to-llvm lowers it wrongly); wait for the token inside the loop instead
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @empty() kernel { gpu.return }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %last = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %n = gpu.launch_func async [%t] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      scf.yield %n : !gpu.async.token
    }
    gpu.wait [%last]
    return
  }
}
