// Rows 32 to 63 of a 64x16 matrix, loaded into shared memory by one TMA
// copy (coordinates innermost first, as PTX has them) and written back by
// every thread; element (i, j) of the matrix is 16 * i + j.
!map = !nvgpu.tensormap.descriptor<tensor = memref<32x16xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
memref.global "private" @tile : memref<32x16xf32, 3>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %matrix = memref.alloc() : memref<64x16xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %row = arith.muli %i, %c16 : index
      %k = arith.addi %row, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      memref.store %kf, %matrix[%i, %j] : memref<64x16xf32>
    }
  }
  %in = gpu.alloc () : memref<64x16xf32>
  %out = gpu.alloc () : memref<32x16xf32>
  gpu.memcpy %in, %matrix : memref<64x16xf32>, memref<64x16xf32>
  %unranked = memref.cast %in : memref<64x16xf32> to memref<*xf32>
  %map = nvgpu.tma.create.descriptor %unranked box[%c32, %c16] : memref<*xf32> -> !map
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c32, %s1 = %c1, %s2 = %c1) {
    %bytes = arith.constant 2048 : index
    %ticks = arith.constant 10000000 : index
    %tile = memref.get_global @tile : memref<32x16xf32, 3>
    %bar = nvgpu.mbarrier.create -> !bar
    nvgpu.mbarrier.init %bar[%c0], %s0 : !bar
    gpu.barrier
    %first = arith.cmpi eq, %t0, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !bar
      nvgpu.tma.async.load %map[%c0, %c32], %bar[%c0] to %tile : !map, !bar -> memref<32x16xf32, 3>
    } else {
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0 : !bar
    }
    %phase = arith.constant 0 : i1
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : !bar
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %tile[%t0, %j] : memref<32x16xf32, 3>
      memref.store %v, %out[%t0, %j] : memref<32x16xf32>
    }
    gpu.terminator
  }
  %result = memref.alloc() : memref<32x16xf32>
  gpu.memcpy %result, %out : memref<32x16xf32>, memref<32x16xf32>
  %first = memref.load %result[%c0, %c0] : memref<32x16xf32>
  %last = memref.load %result[%c31, %c15] : memref<32x16xf32>
  vector.print %first : f32
  vector.print %last : f32
  return
}
