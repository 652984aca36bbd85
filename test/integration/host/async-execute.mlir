// The async dialect in host code: async.execute with values and token
// dependencies, async.await, groups, and scf.parallel run as async work on
// the async runtime's worker threads. The executable needs no MLIR library
// for it.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: llvm-nm %t | FileCheck %s --check-prefix=RUNTIME
// RUN: %mlirc %s --offload-arch=%offload_arch --compile-to=outlined -o - | FileCheck %s --check-prefix=PARALLEL
// PARALLEL: async.execute
// RUN: llvm-readelf -d %t | FileCheck %s --check-prefix=NEEDED
// RUNTIME: T mlirAsyncRuntimeExecute
// NEEDED-NOT: mlir_async_runtime
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32

  // A value, and a task that waits for it.
  %t0, %v0 = async.execute -> !async.value<f32> {
    %s = arith.addf %one, %two : f32
    async.yield %s : f32
  }
  %t1, %v1 = async.execute [%t0] (%v0 as %x : !async.value<f32>)
      -> !async.value<f32> {
    %y = arith.mulf %x, %two : f32
    async.yield %y : f32
  }
  %r = async.await %v1 : !async.value<f32>
  // CHECK: 6
  vector.print %r : f32

  // Four tasks writing one element each, joined by a group.
  %m = memref.alloc() : memref<4xf32>
  %group = async.create_group %c4 : !async.group
  scf.for %i = %c0 to %c4 step %c1 {
    %t = async.execute {
      %f = arith.index_cast %i : index to i32
      %g = arith.sitofp %f : i32 to f32
      memref.store %g, %m[%i] : memref<4xf32>
      async.yield
    }
    %rank = async.add_to_group %t, %group : !async.token
  }
  async.await_all %group
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  // CHECK: [0,  1,  2,  3]
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  // A host loop made parallel: 100000 iterations, several tasks.
  %n = arith.constant 100000 : index
  %big = memref.alloc(%n) : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %f = arith.index_cast %i : index to i32
    %g = arith.sitofp %f : i32 to f32
    memref.store %g, %big[%i] : memref<?xf32>
    scf.reduce
  }
  %last = arith.constant 99999 : index
  %x = memref.load %big[%last] : memref<?xf32>
  // CHECK: 99999
  vector.print %x : f32
  memref.dealloc %big : memref<?xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
