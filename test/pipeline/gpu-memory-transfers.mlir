// 1-D vector transfers of workgroup memory in an NVIDIA kernel become
// vector loads and stores before the device lowering: MLIR's
// vector-to-llvm, which lowers transfers after it, cannot convert the
// workgroup address space (an error at no location before).
// RUN: %mlirc --compile-to=binary %s --offload-arch=sm_80 --cuda-path=%fake_cuda -o - | FileCheck %s
// CHECK: st.shared.v4.b32
// CHECK: ld.shared.v4.b32
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%m: memref<64xf32>) workgroup(%w : memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %t = gpu.thread_id x
      %z = arith.constant 0.0 : f32
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %v = vector.load %m[%i] : memref<64xf32>, vector<4xf32>
      vector.transfer_write %v, %w[%i] {in_bounds = [true]} : vector<4xf32>, memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = vector.transfer_read %w[%i], %z {in_bounds = [true]} : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      vector.store %r, %m[%i] : memref<64xf32>, vector<4xf32>
      gpu.return
    }
  }
}
