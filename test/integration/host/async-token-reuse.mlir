// A GPU token may be used more than once: waited for, then used again by
// more work on its stream; waited for twice in one wait, or in a loop.
// gpu-to-llvm ends a token's stream at every wait for it, so each of these
// used a freed stream (a crash on the host target); so did a token waited
// for in a task (async.execute) and after it. Each wait must still wait for
// the work before it: every line reads what the kernels wrote.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [2,  2,  2,  2]
// CHECK: [3,  3,  3,  3]
// CHECK: [5,  5,  5,  5]
// CHECK: [8,  8,  8,  8]
// CHECK: [4,  4,  4,  4]
// CHECK: [4,  4,  4,  4]
func.func @add(%buf: memref<4xf32>, %value: f32, %dep: !gpu.async.token) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = gpu.launch async [%dep] blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
      threads(%tx, %ty, %tz) in (%a = %c4, %b = %c1, %c = %c1) {
    %v = memref.load %buf[%tx] : memref<4xf32>
    %s = arith.addf %v, %value : f32
    memref.store %s, %buf[%tx] : memref<4xf32>
    gpu.terminator
  }
  return %t : !gpu.async.token
}

func.func @print(%host: memref<4xf32>) {
  %u = memref.cast %host : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %host = memref.alloc() : memref<4xf32>
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
  %t2 = gpu.memset async [%t1] %d, %one : memref<4xf32>, f32
  %t3 = func.call @add(%d, %one, %t2) : (memref<4xf32>, f32, !gpu.async.token) -> !gpu.async.token
  %t4 = gpu.memcpy async [%t3] %host, %d : memref<4xf32>, memref<4xf32>
  // Two tokens of one stream in one wait.
  gpu.wait [%t4, %t3]
  call @print(%host) : (memref<4xf32>) -> ()
  // Work on a token that was waited for.
  %t5 = func.call @add(%d, %one, %t4) : (memref<4xf32>, f32, !gpu.async.token) -> !gpu.async.token
  %t6 = gpu.memcpy async [%t5] %host, %d : memref<4xf32>, memref<4xf32>
  gpu.wait [%t6]
  call @print(%host) : (memref<4xf32>) -> ()
  // Waits in a loop for a token made before it, then for the stream again.
  %two = arith.constant 2.0 : f32
  %d2, %u0 = gpu.alloc async [%t6] () : memref<4xf32>
  %u1 = gpu.memcpy async [%u0] %d2, %d : memref<4xf32>, memref<4xf32>
  %u2 = func.call @add(%d2, %two, %u1) : (memref<4xf32>, f32, !gpu.async.token) -> !gpu.async.token
  %u3 = gpu.memcpy async [%u2] %host, %d2 : memref<4xf32>, memref<4xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    gpu.wait [%u3]
  }
  call @print(%host) : (memref<4xf32>) -> ()
  gpu.wait [%u2]
  %three = arith.constant 3.0 : f32
  %u4 = func.call @add(%d2, %three, %u3) : (memref<4xf32>, f32, !gpu.async.token) -> !gpu.async.token
  %u5 = gpu.memcpy async [%u4] %host, %d2 : memref<4xf32>, memref<4xf32>
  %u6 = gpu.dealloc async [%u5] %d2 : memref<4xf32>
  %u7 = gpu.dealloc async [%u5] %d : memref<4xf32>
  gpu.wait [%u6, %u7]
  call @print(%host) : (memref<4xf32>) -> ()
  call @task(%host) : (memref<4xf32>) -> ()
  return
}

func.func @task(%host: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
  %t2 = gpu.memset async [%t1] %d, %one : memref<4xf32>, f32
  %t3 = func.call @add(%d, %three, %t2) : (memref<4xf32>, f32, !gpu.async.token) -> !gpu.async.token
  %done = async.execute {
    %t4 = gpu.memcpy async [%t3] %host, %d : memref<4xf32>, memref<4xf32>
    gpu.wait [%t4]
    func.call @print(%host) : (memref<4xf32>) -> ()
    async.yield
  }
  async.await %done : !async.token
  gpu.wait [%t3]
  %t5 = gpu.memcpy async [%t3] %host, %d : memref<4xf32>, memref<4xf32>
  %t6 = gpu.dealloc async [%t5] %d : memref<4xf32>
  gpu.wait [%t6]
  call @print(%host) : (memref<4xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
