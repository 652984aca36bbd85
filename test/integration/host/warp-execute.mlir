// gpu.warp_execute_on_lane_0 (what MLIR's vector distribution works on):
// its body runs once per warp of 32 threads, on the values of all its
// lanes, and each lane gets back its element. Two warps; thread t passes
// t and gets the sum of its warp's values plus t.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Not on Vulkan: the body computes on vector<32xf32>, which SPIR-V's
// vectors of at most 4 lanes do not take (an error at the op).
// UNSUPPORTED: offload-arch-vulkan
// CHECK: [496,  497,  498,  {{.*}},  527,  1552,  1553,  {{.*}},  1583]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @warps(%out: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %lane = arith.remui %t, %c32 : index
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      %mine = vector.broadcast %tf : f32 to vector<1xf32>
      %r = gpu.warp_execute_on_lane_0(%lane)[32] args(%mine : vector<1xf32>) -> (vector<1xf32>) {
      ^bb0(%all: vector<32xf32>):
        %sum = vector.reduction <add>, %all : vector<32xf32> into f32
        %s = vector.broadcast %sum : f32 to vector<32xf32>
        %r = arith.addf %all, %s : vector<32xf32>
        gpu.yield %r : vector<32xf32>
      }
      %v = vector.extract %r[0] : f32 from vector<1xf32>
      memref.store %v, %out[%t] : memref<64xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %out = gpu.alloc() : memref<64xf32>
    gpu.launch_func @k::@warps blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<64xf32>)
    %h = memref.alloc() : memref<64xf32>
    gpu.memcpy %h, %out : memref<64xf32>, memref<64xf32>
    %u = memref.cast %h : memref<64xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
