// Vector reductions and contractions in a kernel, on values it loads: and,
// or and xor (on Vulkan as the ops on the elements in turn: SPIR-V has no
// such reduction), add and maxsi, and additive contractions, a dot product
// into a scalar and a 2x2 matrix product (on Vulkan as reductions and
// outer products); reductions inside vector.mask (on Vulkan of the kept
// elements and the kind's neutral element elsewhere).
// In order: the and, or, xor, add and maxsi of [12, 10, 6, 3]; the dot
// product of [1, 2, 3, 4] and [4, 3, 2, 1]; [[1, 2], [3, 4]] times
// [[4, 3], [2, 1]]; the add of the first 3 and the minsi of the first 2
// elements of [12, 10, 6, 3].
// Then reductions of i1 (MLIR made an invalid spirv.IAdd of i1 of an add
// on Vulkan), and a sum of eight floats in order, as LLVM sums them
// without reassoc (Vulkan's unrolling summed two halves; with 2^24 and
// 1s, the order shows).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0,  15,  3,  31,  12,  20,  8,  5,  20,  13,  28,  10]
// The add (parity), mul, minsi, maxsi, minui and maxui of
// [1, 1, 0, 1, 1] as i1 (signed, true is -1), then the sum of
// [2^24, 1, 1, 1, 1, -2^24, 0, 0] (0 in order; 1 by halves).
// CHECK: [0,  0,  1,  0,  0,  1,  0]
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ints = gpu.alloc host_shared () : memref<4xi32>
  %floats = gpu.alloc host_shared () : memref<8xf32>
  %out = gpu.alloc host_shared () : memref<12xi32>
  %iv = arith.constant dense<[12, 10, 6, 3]> : vector<4xi32>
  vector.store %iv, %ints[%c0] : memref<4xi32>, vector<4xi32>
  %fv = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 4.0, 3.0, 2.0, 1.0]> : vector<8xf32>
  vector.store %fv, %floats[%c0] : memref<8xf32>, vector<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = vector.load %ints[%c0] : memref<4xi32>, vector<4xi32>
    %and = vector.reduction <and>, %v : vector<4xi32> into i32
    %or = vector.reduction <or>, %v : vector<4xi32> into i32
    %xor = vector.reduction <xor>, %v : vector<4xi32> into i32
    %add = vector.reduction <add>, %v : vector<4xi32> into i32
    %max = vector.reduction <maxsi>, %v : vector<4xi32> into i32
    %r = vector.from_elements %and, %or, %xor, %add : vector<4xi32>
    vector.store %r, %out[%c0] : memref<12xi32>, vector<4xi32>
    %c4i = arith.constant 4 : index
    memref.store %max, %out[%c4i] : memref<12xi32>
    %three = vector.extract %v[3] : i32 from vector<4xi32>
    %n3 = arith.index_cast %three : i32 to index
    %m3 = vector.create_mask %n3 : vector<4xi1>
    %madd = vector.mask %m3 { vector.reduction <add>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
    %c1i = arith.constant 1 : index
    %n2 = arith.subi %n3, %c1i : index
    %m2 = vector.create_mask %n2 : vector<4xi1>
    %mmin = vector.mask %m2 { vector.reduction <minsi>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
    %c10 = arith.constant 10 : index
    memref.store %madd, %out[%c10] : memref<12xi32>
    %c11 = arith.constant 11 : index
    memref.store %mmin, %out[%c11] : memref<12xi32>
    %a = vector.load %floats[%c0] : memref<8xf32>, vector<4xf32>
    %c4 = arith.constant 4 : index
    %b = vector.load %floats[%c4] : memref<8xf32>, vector<4xf32>
    %zero = arith.constant 0.0 : f32
    %dot = vector.contract {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} %a, %b, %zero : vector<4xf32>, vector<4xf32> into f32
    %am = vector.shape_cast %a : vector<4xf32> to vector<2x2xf32>
    %bm = vector.shape_cast %b : vector<4xf32> to vector<2x2xf32>
    %acc = arith.constant dense<0.0> : vector<2x2xf32>
    %mm = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %am, %bm, %acc : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
    %flat = vector.shape_cast %mm : vector<2x2xf32> to vector<4xf32>
    %dotInt = arith.fptosi %dot : f32 to i32
    %c5 = arith.constant 5 : index
    memref.store %dotInt, %out[%c5] : memref<12xi32>
    %flatInts = arith.fptosi %flat : vector<4xf32> to vector<4xi32>
    %c6 = arith.constant 6 : index
    vector.store %flatInts, %out[%c6] : memref<12xi32>, vector<4xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<12xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  call @booleansAndOrder() : () -> ()
  return
}

func.func @booleansAndOrder() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bits = gpu.alloc host_shared () : memref<5xi32>
  %floats = gpu.alloc host_shared () : memref<8xf32>
  %out = gpu.alloc host_shared () : memref<7xi32>
  %bv = arith.constant dense<[1, 1, 0, 1, 1]> : vector<5xi32>
  vector.store %bv, %bits[%c0] : memref<5xi32>, vector<5xi32>
  %fv = arith.constant dense<[16777216.0, 1.0, 1.0, 1.0, 1.0, -16777216.0,
                              0.0, 0.0]> : vector<8xf32>
  vector.store %fv, %floats[%c0] : memref<8xf32>, vector<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %w = vector.load %bits[%c0] : memref<5xi32>, vector<5xi32>
    %b = arith.trunci %w : vector<5xi32> to vector<5xi1>
    %add = vector.reduction <add>, %b : vector<5xi1> into i1
    %mul = vector.reduction <mul>, %b : vector<5xi1> into i1
    %minsi = vector.reduction <minsi>, %b : vector<5xi1> into i1
    %maxsi = vector.reduction <maxsi>, %b : vector<5xi1> into i1
    %minui = vector.reduction <minui>, %b : vector<5xi1> into i1
    %maxui = vector.reduction <maxui>, %b : vector<5xi1> into i1
    %all = vector.from_elements %add, %mul, %minsi, %maxsi, %minui, %maxui
        : vector<6xi1>
    %ints = arith.extui %all : vector<6xi1> to vector<6xi32>
    vector.store %ints, %out[%c0] : memref<7xi32>, vector<6xi32>
    %f = vector.load %floats[%c0] : memref<8xf32>, vector<8xf32>
    %sum = vector.reduction <add>, %f : vector<8xf32> into f32
    %sumInt = arith.fptosi %sum : f32 to i32
    %c6 = arith.constant 6 : index
    memref.store %sumInt, %out[%c6] : memref<7xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  gpu.dealloc %bits : memref<5xi32>
  gpu.dealloc %floats : memref<8xf32>
  gpu.dealloc %out : memref<7xi32>
  return
}
