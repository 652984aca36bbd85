// vector.compressstore and vector.expandload in a kernel: the set lanes of
// a mask store one after another, and load one after another into the set
// lanes (the others keep the pass-through value). Thread t's mask is the
// bits of t.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: {{\[}}[0,   0,   0,   0],
// CHECK-NEXT: [10,   0,   0,   0],
// CHECK-NEXT: [11,   0,   0,   0],
// CHECK-NEXT: [10,   11,   0,   0],
// CHECK-NEXT: [12,   0,   0,   0],
// CHECK-NEXT: [10,   12,   0,   0],
// CHECK-NEXT: [11,   12,   0,   0],
// CHECK-NEXT: [10,   11,   12,   0]]
// CHECK: {{\[}}[-1,   -1,   -1,   -1],
// CHECK-NEXT: [0,   -1,   -1,   -1],
// CHECK-NEXT: [-1,   0,   -1,   -1],
// CHECK-NEXT: [0,   1,   -1,   -1],
// CHECK-NEXT: [-1,   -1,   0,   -1],
// CHECK-NEXT: [0,   -1,   1,   -1],
// CHECK-NEXT: [-1,   0,   1,   -1],
// CHECK-NEXT: [0,   1,   2,   -1]]
func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %stored = gpu.alloc() : memref<8x4xi32>
  %loaded = gpu.alloc() : memref<8x4xi32>
  %zeros = arith.constant dense<0> : vector<4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %t = arith.index_cast %tx : index to i32
    %lanes = arith.constant dense<[1, 2, 4, 8]> : vector<4xi32>
    %ts = vector.broadcast %t : i32 to vector<4xi32>
    %bits = arith.andi %ts, %lanes : vector<4xi32>
    %mask = arith.cmpi ne, %bits, %zeros : vector<4xi32>
    vector.store %zeros, %stored[%tx, %c0] : memref<8x4xi32>, vector<4xi32>
    %values = arith.constant dense<[10, 11, 12, 13]> : vector<4xi32>
    vector.compressstore %stored[%tx, %c0], %mask, %values : memref<8x4xi32>, vector<4xi1>, vector<4xi32>
    %iota = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
    vector.store %iota, %loaded[%tx, %c0] : memref<8x4xi32>, vector<4xi32>
    %pass = arith.constant dense<-1> : vector<4xi32>
    %got = vector.expandload %loaded[%tx, %c0], %mask, %pass : memref<8x4xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
    vector.store %got, %loaded[%tx, %c0] : memref<8x4xi32>, vector<4xi32>
    gpu.terminator
  }
  %h1 = memref.alloc() : memref<8x4xi32>
  %h2 = memref.alloc() : memref<8x4xi32>
  gpu.memcpy %h1, %stored : memref<8x4xi32>, memref<8x4xi32>
  gpu.memcpy %h2, %loaded : memref<8x4xi32>, memref<8x4xi32>
  %u1 = memref.cast %h1 : memref<8x4xi32> to memref<*xi32>
  %u2 = memref.cast %h2 : memref<8x4xi32> to memref<*xi32>
  call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
