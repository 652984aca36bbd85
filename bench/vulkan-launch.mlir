// What a synchronous launch costs on the Vulkan target: the kernel of
// bench/vulkan-fill.spvasm (64 threads store their ids), launched once to
// make its pipeline, then COUNT times, each waited for.
// Prints microseconds per launch.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fill(%x: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %x[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @rtclock() -> f64
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %count = arith.constant 5000 : index
    %perMicro = arith.constant 200.0 : f64
    %x = gpu.alloc() : memref<64xi32>
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1) args(%x : memref<64xi32>)
    %t0 = func.call @rtclock() : () -> f64
    scf.for %i = %c0 to %count step %c1 {
      gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1)
          threads in (%c64, %c1, %c1) args(%x : memref<64xi32>)
    }
    %t1 = func.call @rtclock() : () -> f64
    // seconds / 5000 launches * 1e6 = seconds * 200
    %elapsed = arith.subf %t1, %t0 : f64
    %us = arith.mulf %elapsed, %perMicro : f64
    vector.print %us : f64
    gpu.dealloc %x : memref<64xi32>
    return
  }
}
