// A runtime error on an async task's thread ends the program with status
// 1, its message, and what the program printed before: it aborted with
// "Resource deadlock avoided" (exit's destructors joined the failing
// thread itself), and the output still buffered was lost.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// CHECK: before the task
// ERR: mlirc runtime: error: launch of kernel '{{.*}}' with 4096 threads per block in x
// ERR-NOT: terminate
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // A block size the compiler cannot see.
  %sizes = memref.alloc() : memref<1xindex>
  %big = arith.constant 4096 : index
  memref.store %big, %sizes[%c0] : memref<1xindex>
  %n = memref.load %sizes[%c0] : memref<1xindex>
  vector.print str "before the task\n"
  %t = async.execute {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    async.yield
  }
  async.await %t : !async.token
  memref.dealloc %sizes : memref<1xindex>
  return
}
