// Programs on tensors that launch outlined kernels, and outlined kernels on
// tensors. Before, buffer deallocation rejected the host function
// ("ops with unknown memory side effects are not supported" at gpu.wait
// and gpu.launch_func), and a gpu.func's tensors were left unbufferized
// (its constant index tensor then failed to lower). A buffer that only an
// async launch takes is freed after the wait for it, not before.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=host --compile-to=bufferized -o - | FileCheck %s --check-prefix=IR
// CHECK: [13,  12,  10,  11]
// CHECK: [2.5,  5,  8.5,  13]
// CHECK: [25]
// IR-LABEL: gpu.module @k
// IR: memref.global "private" constant @{{.*}} : memref<4xindex> = dense<[3, 2, 0, 1]>
// IR-LABEL: gpu.func @permute
// IR-NOT: memref.alloca
// IR-NOT: linalg.copy
// IR: gpu.return
// IR-LABEL: func.func @main
// IR: %[[SUMMED:.*]] = gpu.launch_func async {{.*}} @k::@sum
// IR: gpu.wait [%[[SUMMED]]]
// IR: memref.dealloc
module attributes {gpu.container_module} {
  gpu.module @k {
    // A permutation as a constant tensor in the kernel.
    gpu.func @permute(%in: memref<4xf32>, %out: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %p = arith.constant dense<[3, 2, 0, 1]> : tensor<4xindex>
      %j = tensor.extract %p[%t] : tensor<4xindex>
      %v = memref.load %in[%j] : memref<4xf32>
      memref.store %v, %out[%t] : memref<4xf32>
      gpu.return
    }
    gpu.func @inc(%m: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<4xf32>
      %one = arith.constant 1.0 : f32
      %w = arith.addf %v, %one : f32
      memref.store %w, %m[%t] : memref<4xf32>
      gpu.return
    }
    gpu.func @sum(%m: memref<4xf32>, %out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
        %v = memref.load %m[%i] : memref<4xf32>
        %n = arith.addf %acc, %v : f32
        scf.yield %n : f32
      }
      memref.store %s, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %init = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : tensor<4xf32>
    %in = bufferization.to_buffer %init : tensor<4xf32> to memref<4xf32>
    %out = memref.alloc() : memref<4xf32>
    gpu.launch_func @k::@permute blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%in : memref<4xf32>, %out : memref<4xf32>)
    %printed = memref.cast %out : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%printed) : (memref<*xf32>) -> ()
    memref.dealloc %out : memref<4xf32>

    // Tensor arithmetic on the host, then a kernel on its buffer.
    %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %b = arith.constant dense<[0.5, 1.0, 1.5, 2.0]> : tensor<4xf32>
    %scaled = arith.mulf %a, %b : tensor<4xf32>
    %x = arith.addf %scaled, %a : tensor<4xf32>
    %m = bufferization.to_buffer %x : tensor<4xf32> to memref<4xf32>
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    gpu.wait [%t1]
    %shown = memref.cast %m : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%shown) : (memref<*xf32>) -> ()

    // A buffer only the async launch takes: freed after the wait.
    %e = tensor.empty() : tensor<4xf32>
    %c1f = arith.constant 1.0 : f32
    %f = linalg.fill ins(%c1f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %filled = linalg.map { arith.mulf } ins(%f, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
    %fm = bufferization.to_buffer %filled : tensor<4xf32> to memref<4xf32>
    %total = memref.alloc() : memref<1xf32>
    %t2 = gpu.wait async
    %summed = gpu.launch_func async [%t2] @k::@sum blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%fm : memref<4xf32>, %total : memref<1xf32>)
    gpu.wait [%summed]
    %t = memref.cast %total : memref<1xf32> to memref<*xf32>
    call @printMemrefF32(%t) : (memref<*xf32>) -> ()
    memref.dealloc %total : memref<1xf32>
    return
  }
}
