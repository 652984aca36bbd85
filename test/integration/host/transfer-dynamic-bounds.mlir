// Transfers that may be out of bounds of memrefs with dynamic sizes, in a
// kernel: 1-D reads padded and writes dropped past the end, and a 2-D read
// (through vector-to-scf) past the end of both dimensions. Their masks
// compare with memref.dim, which the GPU lowerings now see before they
// lower memrefs (it was left unlowered: "'memref.dim' cannot be compiled
// here").
// Vulkan passes the 2-D read's rows through vector-to-scf's scf.if
// results (VectorRowsInSCF.h).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 4, 5, -1, -1 )
// CHECK-NEXT: ( 0, 1, 2, 3, 10, 11 )
// CHECK-NEXT: ( ( 7, 8, -1, -1 ), ( -1, -1, -1, -1 ) )
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant -1.0 : f32
  %a = gpu.alloc host_shared () : memref<6xf32>
  %b = gpu.alloc host_shared () : memref<6xf32>
  %m = gpu.alloc host_shared () : memref<3x3xf32>
  %out = gpu.alloc host_shared () : memref<4xf32>
  %out2 = gpu.alloc host_shared () : memref<2x4xf32>
  %values = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : vector<6xf32>
  vector.store %values, %a[%c0] : memref<6xf32>, vector<6xf32>
  vector.store %values, %b[%c0] : memref<6xf32>, vector<6xf32>
  %grid = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]> : vector<3x3xf32>
  vector.transfer_write %grid, %m[%c0, %c0] {in_bounds = [true, true]} : vector<3x3xf32>, memref<3x3xf32>
  %da = memref.cast %a : memref<6xf32> to memref<?xf32>
  %db = memref.cast %b : memref<6xf32> to memref<?xf32>
  %dm = memref.cast %m : memref<3x3xf32> to memref<?x?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %p = arith.constant -1.0 : f32
    %at = arith.addi %tx, %c4 : index
    %v = vector.transfer_read %da[%at], %p : memref<?xf32>, vector<4xf32>
    vector.transfer_write %v, %out[%tx] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
    %w = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : vector<4xf32>
    vector.transfer_write %w, %db[%at] : vector<4xf32>, memref<?xf32>
    %row = arith.addi %tx, %c2 : index
    %col = arith.addi %tx, %c1 : index
    %t = vector.transfer_read %dm[%row, %col], %p : memref<?x?xf32>, vector<2x4xf32>
    vector.transfer_write %t, %out2[%tx, %tx] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32>
    gpu.terminator
  }
  %r = vector.load %out[%c0] : memref<4xf32>, vector<4xf32>
  vector.print %r : vector<4xf32>
  %rb = vector.load %b[%c0] : memref<6xf32>, vector<6xf32>
  vector.print %rb : vector<6xf32>
  %r2 = vector.transfer_read %out2[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x4xf32>, vector<2x4xf32>
  vector.print %r2 : vector<2x4xf32>
  return
}
