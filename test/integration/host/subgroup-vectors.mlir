// gpu.subgroup_reduce, gpu.shuffle and gpu.rotate of vectors whose
// elements are 32 or 64 bits wide. MLIR's shuffle lowerings take a vector
// only when it fits one shuffle, and its NVVM and ROCDL lowerings of
// shuffles take 32-bit scalars, so on NVIDIA and AMD these failed ("failed
// to legalize operation 'gpu.subgroup_reduce'", an invalid
// nvvm.shfl.sync); MLIR's SPIR-V lowering takes scalar reductions only.
// Each element now goes on its own. The reductions are in clusters, or of
// values every lane agrees on, so that any subgroup of 4 lanes or more
// gives the same results.
// Per lane t of 8: cluster of 4 sums of (t, 2t, 3t, 4t) in f32, cluster of
// 2 (stride 2) minimums of (t, -t) in i32, cluster of 4 sums of
// (2^40 + t, t) in f64, the subgroup's maximum of (t % 4, 7 - t % 4); then
// (t, 10t) from lane t ^ 1 and from the next lane in segments of 4.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=sm_80,gfx90a --compile-to=device -o - \
// RUN:   | FileCheck %s --check-prefix=DEVICE
// DEVICE-NOT: gpu.{{subgroup_reduce|shuffle|rotate}}
// DEVICE: nvvm.shfl.sync bfly
// DEVICE-NOT: gpu.{{subgroup_reduce|shuffle|rotate}}
// CHECK:      ( 6, 12, 18, 24 )
// CHECK-NEXT: ( 22, 44, 66, 88 )
// CHECK-NEXT: ( 0, -2 )
// CHECK-NEXT: ( 5, -7 )
// CHECK-NEXT: ( 6, 6 )
// CHECK-NEXT: ( 22, 22 )
// CHECK-NEXT: ( 3, 7 )
// CHECK-NEXT: ( 0, 0 )
// CHECK-NEXT: ( 7, 70 )
// CHECK-NEXT: ( 2, 20 )
// CHECK-NEXT: ( 7, 70 )
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %sums = gpu.alloc host_shared () : memref<8x4xf32>
  %mins = gpu.alloc host_shared () : memref<8x2xi32>
  %wide = gpu.alloc host_shared () : memref<8x2xf64>
  %maxs = gpu.alloc host_shared () : memref<8x2xi32>
  %moved = gpu.alloc host_shared () : memref<8x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %t32 = arith.index_cast %t : index to i32
    %tf = arith.sitofp %t32 : i32 to f32
    %lane = vector.broadcast %tf : f32 to vector<4xf32>
    %times = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
    %v = arith.mulf %lane, %times : vector<4xf32>
    %sum = gpu.subgroup_reduce add %v cluster(size = 4)
        : (vector<4xf32>) -> vector<4xf32>
    vector.store %sum, %sums[%t, %c0] : memref<8x4xf32>, vector<4xf32>
    %zero = arith.constant 0 : i32
    %neg = arith.subi %zero, %t32 : i32
    %pair = vector.from_elements %t32, %neg : vector<2xi32>
    %min = gpu.subgroup_reduce minsi %pair cluster(size = 2, stride = 2)
        : (vector<2xi32>) -> vector<2xi32>
    vector.store %min, %mins[%t, %c0] : memref<8x2xi32>, vector<2xi32>
    %big = arith.constant 1099511627776.0 : f64
    %td = arith.sitofp %t32 : i32 to f64
    %bt = arith.addf %big, %td : f64
    %dpair = vector.from_elements %bt, %td : vector<2xf64>
    %dsum = gpu.subgroup_reduce add %dpair cluster(size = 4)
        : (vector<2xf64>) -> vector<2xf64>
    %bigs = vector.broadcast %big : f64 to vector<2xf64>
    %four = arith.constant dense<[4.0, 0.0]> : vector<2xf64>
    %offset = arith.mulf %bigs, %four : vector<2xf64>
    %small = arith.subf %dsum, %offset : vector<2xf64>
    vector.store %small, %wide[%t, %c0] : memref<8x2xf64>, vector<2xf64>
    %c4i = arith.constant 4 : i32
    %c7i = arith.constant 7 : i32
    %m4 = arith.remui %t32, %c4i : i32
    %r7 = arith.subi %c7i, %m4 : i32
    %both = vector.from_elements %m4, %r7 : vector<2xi32>
    %max = gpu.subgroup_reduce maxsi %both : (vector<2xi32>) -> vector<2xi32>
    vector.store %max, %maxs[%t, %c0] : memref<8x2xi32>, vector<2xi32>
    %tens = arith.constant dense<[1.0, 10.0]> : vector<2xf32>
    %pairf = vector.broadcast %tf : f32 to vector<2xf32>
    %own = arith.mulf %pairf, %tens : vector<2xf32>
    %one = arith.constant 1 : i32
    %swapped, %v1 = gpu.shuffle xor %own, %one, %c4i : vector<2xf32>
    %next, %v2 = gpu.rotate %own, 1, 4 : vector<2xf32>
    %both2 = vector.insert_strided_slice %swapped, %times
        {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
    %all4 = vector.insert_strided_slice %next, %both2
        {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
    vector.store %all4, %moved[%t, %c0] : memref<8x4xf32>, vector<4xf32>
    gpu.terminator
  }
  %s0 = vector.load %sums[%c0, %c0] : memref<8x4xf32>, vector<4xf32>
  vector.print %s0 : vector<4xf32>
  %s5 = vector.load %sums[%c5, %c0] : memref<8x4xf32>, vector<4xf32>
  vector.print %s5 : vector<4xf32>
  %m0 = vector.load %mins[%c0, %c0] : memref<8x2xi32>, vector<2xi32>
  vector.print %m0 : vector<2xi32>
  %m5 = vector.load %mins[%c5, %c0] : memref<8x2xi32>, vector<2xi32>
  vector.print %m5 : vector<2xi32>
  %w0 = vector.load %wide[%c0, %c0] : memref<8x2xf64>, vector<2xf64>
  vector.print %w0 : vector<2xf64>
  %w5 = vector.load %wide[%c5, %c0] : memref<8x2xf64>, vector<2xf64>
  vector.print %w5 : vector<2xf64>
  %x1 = vector.load %maxs[%c1, %c0] : memref<8x2xi32>, vector<2xi32>
  vector.print %x1 : vector<2xi32>
  %c6 = arith.constant 6 : index
  %c2 = arith.constant 2 : index
  %o1 = vector.load %moved[%c1, %c0] : memref<8x4xf32>, vector<2xf32>
  vector.print %o1 : vector<2xf32>
  %o6 = vector.load %moved[%c6, %c0] : memref<8x4xf32>, vector<2xf32>
  vector.print %o6 : vector<2xf32>
  %r1 = vector.load %moved[%c1, %c2] : memref<8x4xf32>, vector<2xf32>
  vector.print %r1 : vector<2xf32>
  %r6 = vector.load %moved[%c6, %c2] : memref<8x4xf32>, vector<2xf32>
  vector.print %r6 : vector<2xf32>
  gpu.dealloc %sums : memref<8x4xf32>
  gpu.dealloc %mins : memref<8x2xi32>
  gpu.dealloc %wide : memref<8x2xf64>
  gpu.dealloc %maxs : memref<8x2xi32>
  gpu.dealloc %moved : memref<8x4xf32>
  return
}
