// The host and Vulkan targets inline device helpers that use the GPU into
// their kernels; a recursive one cannot be, which is reported at the call
// (on Vulkan, where no recursion compiles, as recursion).
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// RUN: %if spirv-tools %{ not %mlirc %s --offload-arch=vulkan -c -o %t/out.o 2>&1 | FileCheck %s --check-prefix=VULKAN %}
// RUN: not ls %t/out.o
// VULKAN: host-recursive-helper.mlir:[[@LINE+11]]:{{[0-9]+}}: error: a recursive call cannot be compiled for the Vulkan target: a shader has no call stack
// CHECK: host-recursive-helper.mlir:[[@LINE+10]]:{{[0-9]+}}: error: mlirc's host target must inline 'depth', which uses GPU operations or memory, and cannot: it is recursive or its body is more than one block
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @depth(%n: index) -> index {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %more = arith.cmpi ugt, %n, %t : index
      %r = scf.if %more -> index {
        %m = arith.subi %n, %c1 : index
        %d = func.call @depth(%m) : (index) -> index
        %d1 = arith.addi %d, %c1 : index
        scf.yield %d1 : index
      } else {
        scf.yield %c0 : index
      }
      return %r : index
    }
    gpu.func @kernel(%out: memref<4xindex>) kernel {
      %t = gpu.thread_id x
      %c3 = arith.constant 3 : index
      %d = func.call @depth(%c3) : (index) -> index
      memref.store %d, %out[%t] : memref<4xindex>
      gpu.return
    }
  }
  func.func @main(%out: memref<4xindex>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%out : memref<4xindex>)
    return
  }
}
