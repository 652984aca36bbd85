// y = a * x + y on 2^20 floats, for compile-time benchmarks (bench/compile.sh):
// the same kernel as compile-saxpy.cu, in a form that both mlirc and
// MLIR's own tool chain (mlir-opt's gpu-lower-to-nvvm-pipeline,
// mlir-translate, clang) compile.
module attributes {gpu.container_module} {
  gpu.module @kernels {
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
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    %n = arith.constant 1048576 : index
    %a = arith.constant 2.0 : f32
    %t0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %y, %t2 = gpu.alloc async [%t1] (%n) : memref<?xf32>
    %t3 = gpu.launch_func async [%t2] @kernels::@saxpy
        blocks in (%c4096, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%a : f32, %x : memref<?xf32>, %y : memref<?xf32>, %n : index)
    %t4 = gpu.dealloc async [%t3] %x : memref<?xf32>
    %t5 = gpu.dealloc async [%t4] %y : memref<?xf32>
    gpu.wait [%t5]
    return
  }
}
