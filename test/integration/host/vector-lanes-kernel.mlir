// Vectors of eight lanes in a kernel: a mask of a thread-dependent length,
// vector.step, and lanes picked and replaced at a position only the thread
// knows; then 4x8 vectors: a 2-D mask, a contraction, slices across the
// halves of a row. On Vulkan, whose vectors have at most four elements,
// these were errors at the kernel ("'vector.broadcast' cannot be compiled
// for the Vulkan target"; 'arith.select', 'vector.from_elements', and
// 'arith.constant' at <unknown>:0). Last, rows of a 4x4 vector extracted
// and inserted at a position only the thread knows, in a kernel and in
// host code, which MLIR's lowering to LLVM has no rule for (an error on
// every target).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Row t: lanes below t hold t + lane, the others -1; lane t then holds
// 100 * t; the row is stored with its odd lanes first.
// CHECK:      [-1,   0,   -1,   -1,   -1,   -1,   -1,   -1]
// CHECK-NEXT: [100,   1,   -1,   -1,   -1,   -1,   -1,   -1]
// CHECK-NEXT: [3,   2,   -1,   200,   -1,   -1,   -1,   -1]
// CHECK-NEXT: [4,   3,   300,   5,   -1,   -1,   -1,   -1]
// CHECK-NEXT: [5,   4,   7,   6,   -1,   400,   -1,   -1]
// CHECK-NEXT: [6,   5,   8,   7,   500,   9,   -1,   -1]
// CHECK-NEXT: [7,   6,   9,   8,   11,   10,   -1,   600]
// CHECK-NEXT: [8,   7,   10,   9,   12,   11,   700,   13]
// Per thread: the sum of its masked lanes, lane 7 - t, and whether lane t
// of a mask of 7 - t lanes is off.
// CHECK:      [-8,   -6,   -1,   7,   18,   32,   49,   69]
// CHECK-NEXT: [-1,   -1,   -1,   -1,   7,   7,   7,   7]
// CHECK-NEXT: [0,   0,   0,   0,   1,   1,   1,   1]
// The 4x8 kernel: the maximum of each column over the rows (a row of them
// replaced by a contraction's row), then each thread adds t times a 2x4
// slice starting in the first half of a row.
// CHECK:      [24,   25,   813,   2573,   4333,   6093,   30,   31]
// CHECK-NEXT: [2597,   4358,   6906,   2587,   4352,   6113,   51,   53]
// CHECK-NEXT: [5192,   8691,   13009,   2612,   4371,   6133,   72,   75]
// CHECK-NEXT: [7784,   13033,   19102,   2626,   4447,   6153,   93,   97]
// Thread t negates row t into row 3 - t, and its diagonal element of that
// into row 0; the sum of rows 3 - t and 0 of the result.
// CHECK:      [0,   0,   0,   0]
// CHECK-NEXT: [-4,   0,   -4,   -4]
// CHECK-NEXT: [-8,   -8,   0,   -8]
// CHECK-NEXT: [-24,   -26,   -28,   30]
// CHECK-NEXT: ( 8, 9, 10, 11 )
// CHECK-NEXT: ( ( 0, 1, 2, 3 ), ( 4, 5, 6, 7 ), ( -1, -1, -1, -1 ), ( 12, 13, 14, 15 ) )
#mk = affine_map<(i, j, k) -> (i, k)>
#nk = affine_map<(i, j, k) -> (k, j)>
#mn = affine_map<(i, j, k) -> (i, j)>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %rows = gpu.alloc host_shared () : memref<8x8xi32>
  %lanes = gpu.alloc host_shared () : memref<3x8xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %below = vector.create_mask %t : vector<8xi1>
    %t32 = arith.index_cast %t : index to i32
    %splat = vector.broadcast %t32 : i32 to vector<8xi32>
    %step = vector.step : vector<8xindex>
    %step32 = arith.index_cast %step : vector<8xindex> to vector<8xi32>
    %sum = arith.addi %splat, %step32 : vector<8xi32>
    %none = arith.constant dense<-1> : vector<8xi32>
    %masked = arith.select %below, %sum, %none : vector<8xi1>, vector<8xi32>
    %c100 = arith.constant 100 : i32
    %hundreds = arith.muli %t32, %c100 : i32
    %row = vector.insert %hundreds, %masked[%t] : i32 into vector<8xi32>
    %even, %odd = vector.deinterleave %row : vector<8xi32> -> vector<4xi32>
    %swapped = vector.interleave %odd, %even : vector<4xi32> -> vector<8xi32>
    vector.store %swapped, %rows[%t, %c0] : memref<8x8xi32>, vector<8xi32>
    %total = vector.reduction <add>, %masked : vector<8xi32> into i32
    memref.store %total, %lanes[%c0, %t] : memref<3x8xi32>
    %mirror = arith.subi %c7, %t : index
    %picked = vector.extract %masked[%mirror] : i32 from vector<8xi32>
    memref.store %picked, %lanes[%c1, %t] : memref<3x8xi32>
    %mirrored = arith.cmpi sge, %t, %c0 : index
    %upper = vector.create_mask %mirror : vector<8xi1>
    %bit = vector.extract %upper[%t] : i1 from vector<8xi1>
    %notbit = arith.xori %bit, %mirrored : i1
    %bit32 = arith.extui %notbit : i1 to i32
    memref.store %bit32, %lanes[%c2, %t] : memref<3x8xi32>
    gpu.terminator
  }
  %r = memref.cast %rows : memref<8x8xi32> to memref<*xi32>
  call @printMemrefI32(%r) : (memref<*xi32>) -> ()
  %l = memref.cast %lanes : memref<3x8xi32> to memref<*xi32>
  call @printMemrefI32(%l) : (memref<*xi32>) -> ()
  gpu.dealloc %rows : memref<8x8xi32>
  gpu.dealloc %lanes : memref<3x8xi32>
  call @rows() : () -> ()
  call @rowsAtRuntime() : () -> ()
  return
}

func.func @rows() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %f0 = arith.constant 0.0 : f32
  %in = gpu.alloc host_shared () : memref<4x8xf32>
  %out = gpu.alloc host_shared () : memref<4x8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %i8 = arith.muli %i, %c8 : index
      %k = arith.addi %i8, %j : index
      %k32 = arith.index_cast %k : index to i32
      %kf = arith.sitofp %k32 : i32 to f32
      memref.store %kf, %in[%i, %j] : memref<4x8xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %a = vector.transfer_read %in[%c0, %c0], %f0
        : memref<4x8xf32>, vector<4x8xf32>
    %at = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
    %ones = arith.constant dense<1.0> : vector<4x4xf32>
    %c = vector.contract {indexing_maps = [#mk, #nk, #mn],
                          iterator_types = ["parallel", "parallel", "reduction"],
                          kind = #vector.kind<add>} %a, %at, %ones
        : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
    %row = vector.extract %c[3] : vector<4xf32> from vector<4x4xf32>
    %wide = vector.insert_strided_slice %row, %a
        {offsets = [1, 2], strides = [1]} : vector<4xf32> into vector<4x8xf32>
    %mask = vector.create_mask %t, %c4 : vector<4x8xi1>
    %masked = vector.transfer_read %in[%c0, %c0], %f0, %mask
        : memref<4x8xf32>, vector<4x8xf32>
    %sum = arith.addf %wide, %masked : vector<4x8xf32>
    %init = vector.extract %a[2] : vector<8xf32> from vector<4x8xf32>
    %max = vector.multi_reduction <maxnumf>, %sum, %init [0]
        : vector<4x8xf32> to vector<8xf32>
    %part = vector.extract_strided_slice %sum
        {offsets = [1, 3], sizes = [2, 4], strides = [1, 1]}
        : vector<4x8xf32> to vector<2x4xf32>
    %flat = vector.shape_cast %part : vector<2x4xf32> to vector<8xf32>
    %t32 = arith.index_cast %t : index to i32
    %tf = arith.sitofp %t32 : i32 to f32
    %times = vector.broadcast %tf : f32 to vector<8xf32>
    %result = vector.fma %flat, %times, %max : vector<8xf32>
    vector.transfer_write %result, %out[%t, %c0]
        : vector<8xf32>, memref<4x8xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  gpu.dealloc %in : memref<4x8xf32>
  gpu.dealloc %out : memref<4x8xf32>
  return
}
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @rowsAtRuntime() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %out = gpu.alloc host_shared () : memref<4x4xf32>
  %m = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0],
                             [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]>
      : vector<4x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %row = vector.extract %m[%t] : vector<4xf32> from vector<4x4xf32>
    %neg = arith.negf %row : vector<4xf32>
    %last = arith.subi %c4, %t : index
    %mirror = arith.subi %last, %c1 : index
    %m2 = vector.insert %neg, %m[%mirror] : vector<4xf32> into vector<4x4xf32>
    %e = vector.extract %m2[%t, %t] : f32 from vector<4x4xf32>
    %m3 = vector.insert %e, %m2[%c0, %t] : f32 into vector<4x4xf32>
    %r = vector.extract %m3[%mirror] : vector<4xf32> from vector<4x4xf32>
    %f = vector.extract %m3[0] : vector<4xf32> from vector<4x4xf32>
    %s = arith.addf %r, %f : vector<4xf32>
    vector.store %s, %out[%t, %c0] : memref<4x4xf32>, vector<4xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  gpu.dealloc %out : memref<4x4xf32>
  // In host code.
  %two = call @identity(%c2) : (index) -> index
  %host = vector.extract %m[%two] : vector<4xf32> from vector<4x4xf32>
  vector.print %host : vector<4xf32>
  %ones = arith.constant dense<-1.0> : vector<4xf32>
  %put = vector.insert %ones, %m[%two] : vector<4xf32> into vector<4x4xf32>
  vector.print %put : vector<4x4xf32>
  return
}

func.func private @identity(%i: index) -> index attributes {no_inline} {
  return %i : index
}
