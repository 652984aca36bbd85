// RUN: mlirc-opt --mlirc-merge-gpu-modules %s | FileCheck %s
// Only gpu.modules with the same attributes merge: @env keeps its own
// spirv.target_env and kernel, and @third joins @plain, the first without
// one; the launches follow.

// CHECK: gpu.module @plain {
// CHECK: gpu.func @k1(
// CHECK: gpu.func @k3(
// CHECK: gpu.module @env attributes {spirv.target_env
// CHECK: gpu.func @k2(
// CHECK-NOT: gpu.module
// CHECK: gpu.launch_func @plain::@k1
// CHECK: gpu.launch_func @env::@k2
// CHECK: gpu.launch_func @plain::@k3
module attributes {gpu.container_module} {
  gpu.module @plain {
    gpu.func @k1() kernel {
      gpu.return
    }
  }
  gpu.module @env attributes {spirv.target_env = #spirv.target_env<
      #spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
    gpu.func @k2() kernel {
      gpu.return
    }
  }
  gpu.module @third {
    gpu.func @k3() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @plain::@k1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @env::@k2 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @third::@k3 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
