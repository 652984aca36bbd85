// memref.copy and scf.parallel inside kernels, on every target: Vulkan
// has no instruction for either and computes them as scf.for nests (the
// reductions of scf.parallel as the loops' carried values). Four threads
// each copy their row of a dynamically shaped 4x8 matrix into private
// memory and sum it with a parallel loop (sum and maximum); thread 0 also
// copies the whole matrix, and a 2-D parallel loop counts its elements
// above 20. Then eight threads each copy a column of the matrix, which is
// not contiguous, into a row of its transpose (MLIR lowers such a copy to
// a call of the runner library's memrefCopy, which no GPU has), and double
// it in an scf.forall (Vulkan: a loop, as scf.parallel).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [28,  92,  156,  220,  7,  15,  23,  31,  11]
// CHECK: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31]
// CHECK: [0,  16,  32,  48,  2,  18,  34,  50,  4,  20,  36,  52,  6,  22,  38,  54,  8,  24,  40,  56,  10,  26,  42,  58,  12,  28,  44,  60,  14,  30,  46,  62]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %m = gpu.alloc host_shared (%c4, %c8) : memref<?x?xf32>
  %whole = gpu.alloc host_shared (%c4, %c8) : memref<?x?xf32>
  %out = gpu.alloc host_shared () : memref<9xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %k = arith.muli %i, %c8 : index
      %e = arith.addi %k, %j : index
      %ei = arith.index_cast %e : index to i32
      %ef = arith.sitofp %ei : i32 to f32
      memref.store %ef, %m[%i, %j] : memref<?x?xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %row = memref.alloca() : memref<8xf32>
    %n = memref.dim %m, %c1 : memref<?x?xf32>
    %view = memref.subview %m[%tx, 0] [1, 8] [1, 1] : memref<?x?xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %view, %row : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %zero = arith.constant 0.0 : f32
    %low = arith.constant -1.0 : f32
    %sum, %max = scf.parallel (%j) = (%c0) to (%c8) step (%c1) init (%zero, %low) -> (f32, f32) {
      %v = memref.load %row[%j] : memref<8xf32>
      scf.reduce(%v, %v : f32, f32) {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        scf.reduce.return %s : f32
      }, {
      ^bb0(%a: f32, %b: f32):
        %s = arith.maximumf %a, %b : f32
        scf.reduce.return %s : f32
      }
    }
    memref.store %sum, %out[%tx] : memref<9xf32>
    %at = arith.addi %tx, %c4 : index
    memref.store %max, %out[%at] : memref<9xf32>
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.copy %m, %whole : memref<?x?xf32> to memref<?x?xf32>
      %twenty = arith.constant 20.0 : f32
      %one = arith.constant 1.0 : f32
      %rows = memref.dim %m, %c0 : memref<?x?xf32>
      %count = scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %n) step (%c1, %c1) init (%zero) -> f32 {
        %v = memref.load %whole[%i, %j] : memref<?x?xf32>
        %above = arith.cmpf ogt, %v, %twenty : f32
        %w = arith.select %above, %one, %zero : f32
        scf.reduce(%w : f32) {
        ^bb0(%a: f32, %b: f32):
          %s = arith.addf %a, %b : f32
          scf.reduce.return %s : f32
        }
      }
      %c8i = arith.constant 8 : index
      memref.store %count, %out[%c8i] : memref<9xf32>
    }
    gpu.terminator
  }
  %cast = memref.cast %out : memref<9xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  %flat = memref.reinterpret_cast %whole to offset: [0], sizes: [32], strides: [1] : memref<?x?xf32> to memref<32xf32>
  %wcast = memref.cast %flat : memref<32xf32> to memref<*xf32>
  call @printMemrefF32(%wcast) : (memref<*xf32>) -> ()
  %tr = gpu.alloc host_shared () : memref<8x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %column = memref.subview %m[0, %tx] [4, 1] [1, 1] : memref<?x?xf32> to memref<4xf32, strided<[?], offset: ?>>
    %row = memref.subview %tr[%tx, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %column, %row : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
    scf.forall (%j) in (4) {
      %v = memref.load %row[%j] : memref<4xf32, strided<[1], offset: ?>>
      %w = arith.addf %v, %v : f32
      memref.store %w, %row[%j] : memref<4xf32, strided<[1], offset: ?>>
    }
    gpu.terminator
  }
  %trflat = memref.collapse_shape %tr [[0, 1]] : memref<8x4xf32> into memref<32xf32>
  %trcast = memref.cast %trflat : memref<32xf32> to memref<*xf32>
  call @printMemrefF32(%trcast) : (memref<*xf32>) -> ()
  return
}
