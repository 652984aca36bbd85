// y = a * x + y with a kernel written as gpu.module + gpu.launch_func.
// 10 elements in blocks of 4 threads: the last block is partial, so the
// kernel checks its global id against n.
module attributes {gpu.container_module} {
  gpu.module @saxpy_module {
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index)
        kernel {
      %id = gpu.global_id x
      %inside = arith.cmpi ult, %id, %n : index
      scf.if %inside {
        %xi = memref.load %x[%id] : memref<?xf32>
        %yi = memref.load %y[%id] : memref<?xf32>
        %ax = arith.mulf %a, %xi : f32
        %r = arith.addf %ax, %yi : f32
        memref.store %r, %y[%id] : memref<?xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %n = arith.constant 10 : index
    %a = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %x[%i] : memref<?xf32>
      memref.store %one, %y[%i] : memref<?xf32>
    }
    %dx = gpu.alloc(%n) : memref<?xf32>
    %dy = gpu.alloc(%n) : memref<?xf32>
    gpu.memcpy %dx, %x : memref<?xf32>, memref<?xf32>
    gpu.memcpy %dy, %y : memref<?xf32>, memref<?xf32>
    gpu.launch_func @saxpy_module::@saxpy
        blocks in (%c3, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%a : f32, %dx : memref<?xf32>, %dy : memref<?xf32>, %n : index)
    gpu.memcpy %y, %dy : memref<?xf32>, memref<?xf32>
    gpu.dealloc %dx : memref<?xf32>
    gpu.dealloc %dy : memref<?xf32>
    %u = memref.cast %y : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
    return
  }
}
