// Two gpu.modules that both define @fill, with different bodies.
module attributes {gpu.container_module} {
  gpu.module @ones {
    gpu.func @fill(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = arith.constant 1.0 : f32
      memref.store %v, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @twos {
    gpu.func @fill(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = arith.constant 2.0 : f32
      memref.store %v, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %h = memref.alloc() : memref<4xf32>
    %a = gpu.alloc() : memref<4xf32>
    %b = gpu.alloc() : memref<4xf32>
    gpu.launch_func @ones::@fill blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @twos::@fill blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%b : memref<4xf32>)
    gpu.memcpy %h, %a : memref<4xf32>, memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.memcpy %h, %b : memref<4xf32>, memref<4xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
