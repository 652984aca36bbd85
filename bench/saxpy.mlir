// saxpy on 2^24 floats with the host target: 65536 blocks of 256 threads.
// Prints the seconds one kernel run takes (best of several) and y[1].
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index)
        kernel {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %xi = memref.load %x[%i] : memref<?xf32>
        %yi = memref.load %y[%i] : memref<?xf32>
        %ax = arith.mulf %a, %xi : f32
        %r = arith.addf %ax, %yi : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
    gpu.func @init(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %one = arith.constant 1.0 : f32
      memref.store %f, %x[%i] : memref<?xf32>
      memref.store %one, %y[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func private @rtclock() -> f64
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %c256 = arith.constant 256 : index
    %blocks = arith.constant 65536 : index
    %n = arith.constant 16777216 : index
    %a = arith.constant 2.0 : f32
    %x = gpu.alloc(%n) : memref<?xf32>
    %y = gpu.alloc(%n) : memref<?xf32>
    gpu.launch_func @k::@init blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %y : memref<?xf32>)
    %inf = arith.constant 1.0e30 : f64
    %best = scf.for %r = %c0 to %c10 step %c1 iter_args(%b = %inf) -> f64 {
      %t0 = func.call @rtclock() : () -> f64
      gpu.launch_func @k::@saxpy blocks in (%blocks, %c1, %c1)
          threads in (%c256, %c1, %c1)
          args(%a : f32, %x : memref<?xf32>, %y : memref<?xf32>, %n : index)
      %t1 = func.call @rtclock() : () -> f64
      %d = arith.subf %t1, %t0 : f64
      %m = arith.minimumf %b, %d : f64
      scf.yield %m : f64
    }
    vector.print %best : f64
    %h = memref.alloc() : memref<2xf32>
    %y2 = memref.subview %y[0] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1]>>
    memref.copy %y2, %h : memref<2xf32, strided<[1]>> to memref<2xf32>
    %v = memref.load %h[%c1] : memref<2xf32>
    vector.print %v : f32
    return
  }
}
