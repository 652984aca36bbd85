// Fork/join with async tokens: two kernels fill a and b on independent
// token chains, a third waits for both (two async dependencies) and adds
// them, then the copy back waits for it.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%m: memref<8xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<8xf32>
      gpu.return
    }
    gpu.func @add(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>)
        kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<8xf32>
      %y = memref.load %b[%i] : memref<8xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c[%i] : memref<8xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %host = memref.alloc() : memref<8xf32>
    %t0 = gpu.wait async
    %a, %ta0 = gpu.alloc async [%t0] () : memref<8xf32>
    %t1 = gpu.wait async
    %b, %tb0 = gpu.alloc async [%t1] () : memref<8xf32>
    %c, %tc0 = gpu.alloc async [%tb0] () : memref<8xf32>
    %ta = gpu.launch_func async [%ta0] @kernels::@fill
        blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%a : memref<8xf32>, %one : f32)
    %tb = gpu.launch_func async [%tc0] @kernels::@fill
        blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%b : memref<8xf32>, %two : f32)
    %tc = gpu.launch_func async [%ta, %tb] @kernels::@add
        blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %c : memref<8xf32>)
    %td = gpu.memcpy async [%tc] %host, %c : memref<8xf32>, memref<8xf32>
    gpu.wait [%td]
    %u = memref.cast %host : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
