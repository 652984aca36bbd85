// vector.contract with every combining kind, not only additions (which
// MLIR's LLVM lowering takes as dot products): a max-of-products matrix
// "multiplication", an integer min into a scalar, a product reduction, in
// host code and in a kernel.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( ( 6, 8 ), ( 12, 16 ) )
// CHECK-NEXT: -12
// CHECK-NEXT: 24
// CHECK: [6,  9]
#mat = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
        affine_map<(i, j, k) -> (i, j)>]
#dot = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %acc = arith.constant dense<0.0> : vector<2x2xf32>
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %m = vector.contract {indexing_maps = #mat,
                        iterator_types = ["parallel", "parallel", "reduction"],
                        kind = #vector.kind<maxnumf>} %a, %a, %acc
       : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
  vector.print %m : vector<2x2xf32>
  %x = arith.constant dense<[1, -2, 3, 4]> : vector<4xi32>
  %y = arith.constant dense<[5, 6, 7, -3]> : vector<4xi32>
  %zero = arith.constant 0 : i32
  %min = vector.contract {indexing_maps = #dot, iterator_types = ["reduction"],
                          kind = #vector.kind<minsi>} %x, %y, %zero
         : vector<4xi32>, vector<4xi32> into i32
  vector.print %min : i32
  %one = arith.constant 1.0 : f32
  %u = arith.constant dense<[1.0, 2.0, 3.0]> : vector<3xf32>
  %v = arith.constant dense<[2.0, 1.0, 2.0]> : vector<3xf32>
  %prod = vector.contract {indexing_maps = #dot, iterator_types = ["reduction"],
                           kind = #vector.kind<mul>} %u, %v, %one
          : vector<3xf32>, vector<3xf32> into f32
  vector.print %prod : f32

  // In a kernel: each thread's max over k of a[t][k] * b[k].
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %out = memref.alloc() : memref<2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %tf = arith.sitofp %t : i32 to f32
    %row = arith.constant dense<[1.0, 3.0, 2.0]> : vector<3xf32>
    %tv = vector.broadcast %tf : f32 to vector<3xf32>
    %r = arith.addf %row, %tv : vector<3xf32>
    %b = arith.constant dense<[1.0, 2.0, 3.0]> : vector<3xf32>
    %init = arith.constant 0.0 : f32
    %mx = vector.contract {indexing_maps = #dot, iterator_types = ["reduction"],
                           kind = #vector.kind<maximumf>} %r, %b, %init
          : vector<3xf32>, vector<3xf32> into f32
    memref.store %mx, %out[%tx] : memref<2xf32>
    gpu.terminator
  }
  %uo = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
  return
}
