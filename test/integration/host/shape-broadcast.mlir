// Shape computations in the shape dialect, as front ends of ML frameworks
// emit them for a broadcast: constraints become asserts, the assuming
// regions they guard are inlined, and shape_of, broadcast, get_extent,
// num_elements, rank and concat become arith, tensor and scf (MLIR's
// convert-shape-constraints and convert-shape-to-std; concat as
// tensor.concat). A constraint that fails stops the program with its
// message and location, as cf.assert.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t
// RUN: %t | FileCheck %s
// RUN: env MISMATCH=1 not --crash %t 2>&1 | FileCheck %s --check-prefix=FAIL
// CHECK: sizes = [2, 3]
// CHECK-NEXT: {{\[\[}}11,   22,   33],
// CHECK-NEXT: [14,   25,   36]]
// CHECK-NEXT: 6
// CHECK-NEXT: 2
// CHECK-NEXT: 20
// CHECK-NEXT: 1
// CHECK-NEXT: 3
// CHECK-NEXT: 3
func.func @broadcast_add(%a: tensor<?x?xf32>, %b: tensor<?xf32>)
    -> tensor<?x?xf32> {
  %sa = shape.shape_of %a : tensor<?x?xf32> -> tensor<2xindex>
  %sb = shape.shape_of %b : tensor<?xf32> -> tensor<1xindex>
  // FAIL: shape-broadcast.mlir:[[@LINE+1]]:9: required broadcastable shapes
  %ok = shape.cstr_broadcastable %sa, %sb : tensor<2xindex>, tensor<1xindex>
  %r = shape.assuming %ok -> (tensor<?x?xf32>) {
    %s = shape.broadcast %sa, %sb
        : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = shape.get_extent %s, %c0 : tensor<2xindex>, index -> index
    %cols = shape.get_extent %s, %c1 : tensor<2xindex>, index -> index
    %init = tensor.empty(%rows, %cols) : tensor<?x?xf32>
    %sum = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>,
                         affine_map<(i, j) -> (j)>,
                         affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%a, %b : tensor<?x?xf32>, tensor<?xf32>)
        outs(%init : tensor<?x?xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %t = arith.addf %x, %y : f32
      linalg.yield %t : f32
    } -> tensor<?x?xf32>
    shape.assuming_yield %sum : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @getenv(!llvm.ptr) -> !llvm.ptr
llvm.mlir.global internal constant @mismatch("MISMATCH\00")

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %short = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %name = llvm.mlir.addressof @mismatch : !llvm.ptr
  %value = func.call @getenv(%name) : (!llvm.ptr) -> !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  %set = llvm.icmp "ne" %value, %null : !llvm.ptr
  %ad = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  %bd = tensor.cast %b : tensor<3xf32> to tensor<?xf32>
  %shortd = tensor.cast %short : tensor<2xf32> to tensor<?xf32>
  %bsel = arith.select %set, %shortd, %bd : tensor<?xf32>
  %r = func.call @broadcast_add(%ad, %bsel)
      : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()

  %shape = shape.shape_of %ad : tensor<?x?xf32> -> tensor<?xindex>
  %n = shape.num_elements %shape : tensor<?xindex> -> index
  vector.print %n : index
  %rank = shape.rank %shape : tensor<?xindex> -> index
  vector.print %rank : index
  // Shapes as !shape.shape values that fold to constants.
  %c = shape.const_shape [4, 5] : !shape.shape
  %cn = shape.num_elements %c : !shape.shape -> !shape.size
  %ci = shape.size_to_index %cn : !shape.size
  vector.print %ci : index
  %eq = shape.shape_eq %shape, %shape : tensor<?xindex>, tensor<?xindex>
  vector.print %eq : i1
  // A concatenation, which convert-shape-to-std has no pattern for.
  %sb = shape.shape_of %b : tensor<3xf32> -> tensor<1xindex>
  %cat = "shape.concat"(%shape, %sb)
      : (tensor<?xindex>, tensor<1xindex>) -> tensor<?xindex>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %catn = tensor.dim %cat, %c0 : tensor<?xindex>
  %last = tensor.extract %cat[%c2] : tensor<?xindex>
  vector.print %catn : index
  vector.print %last : index
  return
}
