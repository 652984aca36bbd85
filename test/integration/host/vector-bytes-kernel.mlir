// Vectors of sixteen bytes in a kernel: loaded, widened and summed, read
// as four words (vector.bitcast), gathered under a mask, scanned and
// multiplied out. On Vulkan, whose vectors have at most four elements, the
// bitcast was an error ("'vector.from_elements' cannot be compiled for the
// Vulkan target").
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK:      [0,   0,   -1,   -1,   -1,   -1,   -1,   -2]
// CHECK-NEXT: [1815,   15,   -106,   377,   138,   139,   261,   -100]
// CHECK-NEXT: [7230,   30,   -211,   1475,   517,   519,   1003,   -198]
// CHECK-NEXT: [270536517,   270544925,   -270545164,   270548205,   270545984,   270545987,   270547073,   -270545176]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %bytes = gpu.alloc host_shared () : memref<4x16xi8>
  %out = gpu.alloc host_shared () : memref<4x8xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %ij = arith.muli %i, %j : index
      %k = arith.index_cast %ij : index to i8
      memref.store %k, %bytes[%i, %j] : memref<4x16xi8>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = vector.load %bytes[%t, %c0] : memref<4x16xi8>, vector<16xi8>
    %w = arith.extsi %v : vector<16xi8> to vector<16xi32>
    %s = vector.reduction <add>, %w : vector<16xi32> into i32
    %h = vector.bitcast %v : vector<16xi8> to vector<4xi32>
    %x = vector.reduction <xor>, %h : vector<4xi32> into i32
    %idx = arith.constant dense<[15, 0, 7, 3, 1, 1, 2, 9]> : vector<8xindex>
    %m = arith.constant
        dense<[true, true, false, true, true, true, true, false]> : vector<8xi1>
    %pass = arith.constant dense<-1> : vector<8xi8>
    %g = vector.gather %bytes[%t, %c0] [%idx], %m, %pass
        : memref<4x16xi8>, vector<8xindex>, vector<8xi1>, vector<8xi8>
          into vector<8xi8>
    %g32 = arith.extsi %g : vector<8xi8> to vector<8xi32>
    %s0 = vector.broadcast %s : i32 to vector<i32>
    %scan:2 = vector.scan <add>, %g32, %s0
        {inclusive = true, reduction_dim = 0} : vector<8xi32>, vector<i32>
    %o = vector.outerproduct %g32, %s : vector<8xi32>, i32
    %r = arith.addi %scan#0, %o : vector<8xi32>
    %xs = vector.broadcast %x : i32 to vector<8xi32>
    %r2 = arith.xori %r, %xs : vector<8xi32>
    vector.store %r2, %out[%t, %c0] : memref<4x8xi32>, vector<8xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4x8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  gpu.dealloc %bytes : memref<4x16xi8>
  gpu.dealloc %out : memref<4x8xi32>
  return
}
func.func private @printMemrefI32(memref<*xi32>)
