// The vector ops MLIR lowers, in host code: masked loads, gather, expand
// loads, compress and scatter stores, contract, outer products, reductions
// under a mask, transposes and masked or permuted transfers, then
// multi-reductions, strided slices, shuffles, fma, interleaving and
// scans (MLIR's lowering patterns that convert-vector-to-llvm lacks).
// Some of them also run in a kernel (test/integration/host/memref-views.mlir).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK:      ( 0, 1, 2, 3, 4, -1, -1, -1 )
// CHECK-NEXT: ( 7, 6, 5, 4, 3, 2, 1, 0 )
// CHECK-NEXT: ( 0, -1, 1, -1, 2, -1, 3, -1 )
// CHECK-NEXT: ( 7, 5, 3, 1, 0, 0, 0, 0 )
// CHECK-NEXT: ( -1, -1, -1, 4, 3, 2, 1, 0 )
// CHECK-NEXT: ( ( 19, 22 ), ( 43, 50 ) )
// CHECK-NEXT: ( ( 3, 4, 5 ), ( 6, 8, 10 ) )
// CHECK-NEXT: 7
// CHECK-NEXT: 25
// CHECK-NEXT: ( ( 5, 7 ), ( 6, 8 ) )
// CHECK-NEXT: ( 5, 6, 7, -2 )
// CHECK-NEXT: ( 6, 15 )
// CHECK-NEXT: ( ( 1, 1, 0 ), ( 1, 1, 0 ) )
// CHECK-NEXT: ( ( 2, 3 ), ( 5, 6 ) )
// CHECK-NEXT: ( ( 0, 0 ), ( 0, 0 ), ( 0, 0 ) )
// CHECK-NEXT: ( ( 2, 3, 3 ), ( 5, 6, 6 ) )
// CHECK-NEXT: ( 1, 2, 3, 4 )
// CHECK-NEXT: ( 2, 6, 12, 20 )
// CHECK-NEXT: ( ( 1, 2, 9, 9 ), ( 4, 5, 9, 9 ) )
// CHECK-NEXT: ( ( 1, 4 ), ( 2, 5 ), ( 3, 6 ) )
// CHECK-NEXT: ( ( 1, 2, 9, 9 ), ( 4, 5, 9, 9 ) )
// CHECK-NEXT: 4
// CHECK-NEXT: ( 1, 2, 3, 4 )
// CHECK-NEXT: ( 3, 6 )
// CHECK-NEXT: 24
// CHECK-NEXT: ( 1, 3, 6, 10 )
// CHECK-NEXT: 10
func.func @first() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%i] : memref<8xf32>
  }
  %pass = arith.constant dense<-1.0> : vector<8xf32>
  %c5 = arith.constant 5 : index
  %mask = vector.create_mask %c5 : vector<8xi1>
  %ml = vector.maskedload %m[%c0], %mask, %pass : memref<8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.print %ml : vector<8xf32>
  %idx = arith.constant dense<[7, 6, 5, 4, 3, 2, 1, 0]> : vector<8xi32>
  %all = vector.constant_mask [8] : vector<8xi1>
  %g = vector.gather %m[%c0][%idx], %all, %pass : memref<8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.print %g : vector<8xf32>
  %cm = arith.constant dense<[1, 0, 1, 0, 1, 0, 1, 0]> : vector<8xi1>
  %e = vector.expandload %m[%c0], %cm, %pass : memref<8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.print %e : vector<8xf32>
  %out = memref.alloc() : memref<8xf32>
  %z = arith.constant dense<0.0> : vector<8xf32>
  vector.store %z, %out[%c0] : memref<8xf32>, vector<8xf32>
  vector.compressstore %out[%c0], %cm, %g : memref<8xf32>, vector<8xi1>, vector<8xf32>
  %o = vector.load %out[%c0] : memref<8xf32>, vector<8xf32>
  vector.print %o : vector<8xf32>
  vector.scatter %out[%c0][%idx], %all, %ml : memref<8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %o2 = vector.load %out[%c0] : memref<8xf32>, vector<8xf32>
  vector.print %o2 : vector<8xf32>
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %b = arith.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : vector<2x2xf32>
  %acc = arith.constant dense<0.0> : vector<2x2xf32>
  %ct = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
  vector.print %ct : vector<2x2xf32>
  %x = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %y = arith.constant dense<[3.0, 4.0, 5.0]> : vector<3xf32>
  %op = vector.outerproduct %x, %y : vector<2xf32>, vector<3xf32>
  vector.print %op : vector<2x3xf32>
  %r = vector.reduction <add>, %ml : vector<8xf32> into f32
  vector.print %r : f32
  %mk = vector.mask %mask { vector.reduction <add>, %g : vector<8xf32> into f32 } : vector<8xi1> -> f32
  vector.print %mk : f32
  %tr = vector.transpose %b, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
  vector.print %tr : vector<2x2xf32>
  %pad = arith.constant -2.0 : f32
  %rd = vector.transfer_read %m[%c5], %pad : memref<8xf32>, vector<4xf32>
  vector.print %rd : vector<4xf32>
  return
}
func.func @second() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %acc = arith.constant dense<0.0> : vector<2xf32>
  %mr = vector.multi_reduction <add>, %a, %acc [1] : vector<2x3xf32> to vector<2xf32>
  vector.print %mr : vector<2xf32>
  %mask = vector.create_mask %c2, %c2 : vector<2x3xi1>
  vector.print %mask : vector<2x3xi1>
  %es = vector.extract_strided_slice %a {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x3xf32> to vector<2x2xf32>
  vector.print %es : vector<2x2xf32>
  %b = vector.broadcast %acc : vector<2xf32> to vector<3x2xf32>
  vector.print %b : vector<3x2xf32>
  %is = vector.insert_strided_slice %es, %a {offsets = [0, 0], strides = [1, 1]} : vector<2x2xf32> into vector<2x3xf32>
  vector.print %is : vector<2x3xf32>
  %v4 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %sh = vector.shuffle %v4, %v4 [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>
  vector.print %sh : vector<4xf32>
  %fm = vector.fma %v4, %v4, %v4 : vector<4xf32>
  vector.print %fm : vector<4xf32>
  %m = memref.alloc() : memref<2x3xf32>
  vector.transfer_write %a, %m[%c0, %c0] : vector<2x3xf32>, memref<2x3xf32>
  %pad = arith.constant 9.0 : f32
  %tm = vector.create_mask %c2, %c2 : vector<2x4xi1>
  %tr = vector.transfer_read %m[%c0, %c0], %pad, %tm {in_bounds = [true, false]} : memref<2x3xf32>, vector<2x4xf32>
  vector.print %tr : vector<2x4xf32>
  %tt = vector.transfer_read %m[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<2x3xf32>, vector<3x2xf32>
  vector.print %tt : vector<3x2xf32>
  %mm = vector.mask %tm { vector.transfer_read %m[%c0, %c0], %pad : memref<2x3xf32>, vector<2x4xf32> } : vector<2x4xi1> -> vector<2x4xf32>
  vector.print %mm : vector<2x4xf32>
  %el:4 = vector.to_elements %v4 : vector<4xf32>
  vector.print %el#3 : f32
  %ftr = vector.interleave %v4, %v4 : vector<4xf32> -> vector<8xf32>
  %d1, %d2 = vector.deinterleave %ftr : vector<8xf32> -> vector<4xf32>
  vector.print %d2 : vector<4xf32>
  %mr2 = vector.multi_reduction <maximumf>, %a, %acc [1] : vector<2x3xf32> to vector<2xf32>
  vector.print %mr2 : vector<2xf32>
  %ir = vector.reduction <mul>, %v4 : vector<4xf32> into f32
  vector.print %ir : f32
  %zero = arith.constant dense<0.0> : vector<f32>
  %sc:2 = vector.scan <add>, %v4, %zero {inclusive = true, reduction_dim = 0 : i64} : vector<4xf32>, vector<f32>
  vector.print %sc#0 : vector<4xf32>
  %last = vector.extract %sc#1[] : f32 from vector<f32>
  vector.print %last : f32
  return
}
func.func @main() {
  call @first() : () -> ()
  call @second() : () -> ()
  return
}
