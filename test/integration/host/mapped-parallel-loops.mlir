// scf.parallel loops mapped to GPU ids (#gpu.loop_dim_map) become kernels,
// as MLIR's convert-parallel-loops-to-gpu makes them, on every target: a
// 1-D loop on blocks, a nest of blocks over threads with a sequential
// dimension, dynamic bounds; unmapped loops stay host code.
// RUN: rm -rf %t.d && split-file %s %t.d
// RUN: %mlirc %t.d/main.mlir --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %t.d/main.mlir --offload-arch=%offload_arch -S --compile-to=outlined -o - | FileCheck %s --check-prefix=KERNELS
// KERNELS-COUNT-2: gpu.launch_func
// KERNELS-NOT: gpu.launch_func
//
// What cannot become a kernel is an error at the loop.
// RUN: not %mlirc %t.d/reduction.mlir -o %t.d/x 2>&1 | FileCheck %s --check-prefix=REDUCTION
// RUN: not %mlirc %t.d/in-kernel.mlir -o %t.d/x 2>&1 | FileCheck %s --check-prefix=IN-KERNEL
// RUN: not %mlirc %t.d/count.mlir -o %t.d/x 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not ls %t.d/x
// REDUCTION: reduction.mlir:5:8: error: 'scf.parallel' with reductions cannot be mapped to GPU ids (#gpu.loop_dim_map)
// IN-KERNEL: in-kernel.mlir:7:5: error: 'scf.parallel' mapped to GPU ids (#gpu.loop_dim_map) in a kernel: a mapped loop becomes a kernel of its own
// COUNT: count.mlir:5:3: error: 'scf.parallel' has 1 loops and 2 GPU mappings; give one #gpu.loop_dim_map per loop

//--- main.mlir
#blk = #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>
#thr = #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>
#seq = #gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %m = gpu.alloc host_shared (%c3, %c5) : memref<?x?xf32>
  %n0 = memref.dim %m, %c0 : memref<?x?xf32>
  %n1 = memref.dim %m, %c1 : memref<?x?xf32>
  // m[i][j] = (i + j) + (i + j + 2): k = 0 stores i + j, k = 1 adds
  // i + j + 2 to it, in order (k is sequential, on one thread).
  scf.parallel (%i) = (%c0) to (%n0) step (%c1) {
    scf.parallel (%j, %k) = (%c0, %c0) to (%n1, %c2) step (%c1, %c1) {
      %s = arith.addi %i, %j : index
      %k2 = arith.muli %k, %c2 : index
      %t = arith.addi %s, %k2 : index
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      %zero = arith.cmpi eq, %k, %c0 : index
      %old = memref.load %m[%i, %j] : memref<?x?xf32>
      %base = arith.select %zero, %f, %old : f32
      %sum = arith.addf %base, %f : f32
      %v = arith.select %zero, %f, %sum : f32
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
      scf.reduce
    } {mapping = [#thr, #seq]}
    scf.reduce
  } {mapping = [#blk]}
  // CHECK: {{\[}}[2,   4,   6,   8,   10],
  // CHECK-NEXT: [4,   6,   8,   10,   12],
  // CHECK-NEXT: [6,   8,   10,   12,   14]]
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  // Doubled on threads of one block, then plus one in host code.
  // CHECK: {{\[}}[5,   9,   13,   17,   21],
  // CHECK-NEXT: [4,   6,   8,   10,   12],
  %out = memref.alloc(%n1) : memref<?xf32>
  scf.parallel (%j) = (%c0) to (%n1) step (%c1) {
    %x = memref.load %m[%c0, %j] : memref<?x?xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %m[%c0, %j] : memref<?x?xf32>
    scf.reduce
  } {mapping = [#thr]}
  %one = arith.constant 1.0 : f32
  scf.parallel (%j) = (%c0) to (%n1) step (%c1) {
    %x = memref.load %m[%c0, %j] : memref<?x?xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %m[%c0, %j] : memref<?x?xf32>
    scf.reduce
  }
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<?xf32>
  gpu.dealloc %m : memref<?x?xf32>
  return
}

//--- reduction.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %init = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%c8) step (%c8) init (%init) -> f32 {
    %f = arith.constant 1.0 : f32
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}
//--- in-kernel.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = gpu.alloc host_shared () : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      %f = arith.constant 1.0 : f32
      memref.store %f, %m[%i] : memref<8xf32>
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    gpu.terminator
  }
  return
}
//--- count.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    %f = arith.constant 1.0 : f32
    memref.store %f, %m[%i] : memref<8xf32>
    scf.reduce
  } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}
