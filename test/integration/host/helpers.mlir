// A kernel calling a device helper function, with private memory and
// vector arithmetic.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0, 10, 40, 90, 160, 250, 360, 490]
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @square(%x: f32) -> f32 {
      %r = arith.mulf %x, %x : f32
      return %r : f32
    }
    gpu.func @kernel(%m: memref<8xf32>) private(%tmp : memref<4xf32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      %sq = func.call @square(%f) : (f32) -> f32
      %vec = vector.broadcast %sq : f32 to vector<4xf32>
      %ones = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
      %prod = arith.mulf %vec, %ones : vector<4xf32>
      vector.store %prod, %tmp[%c0] : memref<4xf32, #gpu.address_space<private>>, vector<4xf32>
      %back = vector.load %tmp[%c0] : memref<4xf32, #gpu.address_space<private>>, vector<4xf32>
      %sum = vector.reduction <add>, %back : vector<4xf32> into f32
      memref.store %sum, %m[%t] : memref<8xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %d = gpu.alloc() : memref<8xf32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%d : memref<8xf32>)
    %h = memref.alloc() : memref<8xf32>
    gpu.memcpy %h, %d : memref<8xf32>, memref<8xf32>
    %u = memref.cast %h : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
