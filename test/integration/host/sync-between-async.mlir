// Synchronous gpu ops in a function that also uses async tokens run after
// the async work issued before them, as on CUDA's default stream: the
// launch reads what the async copy on %stream wrote, the synchronous copy
// reads what the launch wrote, and the buffer is freed only once the async
// kernel after it is done. MLIR's own integration tests are written so.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [2,  4,  6,  8]
// CHECK: [3,  5,  7,  9]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %host = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %one = arith.constant 1.0 : f32
    %v = arith.addf %f, %one : f32
    memref.store %v, %host[%i] : memref<4xf32>
  }
  %stream = gpu.wait async
  %dev, %t0 = gpu.alloc async [%stream] () : memref<4xf32>
  %t1 = gpu.memcpy async [%t0] %dev, %host : memref<4xf32>, memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %dev[%tx] : memref<4xf32>
    %twice = arith.addf %v, %v : f32
    memref.store %twice, %dev[%tx] : memref<4xf32>
    gpu.terminator
  }
  gpu.memcpy %host, %dev : memref<4xf32>, memref<4xf32>
  %cast = memref.cast %host : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  %t2 = gpu.launch async [%t1] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %dev[%tx] : memref<4xf32>
    %one = arith.constant 1.0 : f32
    %plus = arith.addf %v, %one : f32
    memref.store %plus, %dev[%tx] : memref<4xf32>
    gpu.terminator
  }
  gpu.memcpy %host, %dev : memref<4xf32>, memref<4xf32>
  gpu.dealloc %dev : memref<4xf32>
  gpu.wait [%t2]
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
