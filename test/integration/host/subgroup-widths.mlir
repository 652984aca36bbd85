// Subgroup ops on values of other than 32 bits, in a kernel of one block of
// 32 threads: gpu.subgroup_reduce of f64 and i64 in clusters of 4 lanes (as
// 64-bit shuffles; MLIR's 32-bit ones do not take them), gpu.all_reduce of
// f16 and i8 and gpu.shuffle xor of f16 and i8 (as shuffles of i32:
// NVIDIA's shfl.sync takes 32 bits).
// In order, for lanes 0 to 3: the cluster sums of f64 2^40 + lane and of
// i64 2^40 + lane, less 4 * 2^40 (6, which 32 bits would lose); the
// block's sum of lane in f16 (496) and of lane % 4 in i8 (48); lanes 0 to
// 3 of lane ^ 1 shuffled in f16 and i8; lane 3's f64 (less 2^40) and lane
// 0's f16 broadcast (on NVIDIA two 32-bit shuffles and one of the f16
// zero-extended).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [6,  6,  6,  6,  6,  6,  6,  6,  496,  48,  1,  0,  3,  2,  1,  0,  3,  2,  3,  0]
func.func private @printMemrefF64(memref<*xf64>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = gpu.alloc host_shared () : memref<32xf64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %lane = arith.index_cast %tx : index to i64
    %big = arith.constant 1099511627776 : i64
    %wide = arith.addi %big, %lane : i64
    %widef = arith.sitofp %wide : i64 to f64
    %sf = gpu.subgroup_reduce add %widef cluster(size = 4) : (f64) -> f64
    %si = gpu.subgroup_reduce add %wide cluster(size = 4) : (i64) -> i64
    %lane32 = arith.trunci %lane : i64 to i32
    %h = arith.sitofp %lane32 : i32 to f16
    %sh = gpu.all_reduce add %h uniform {} : (f16) -> (f16)
    %four = arith.constant 4 : i32
    %mod = arith.remui %lane32, %four : i32
    %b = arith.trunci %mod : i32 to i8
    %sb = gpu.all_reduce add %b uniform {} : (i8) -> (i8)
    %c0i = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %c32i = arith.constant 32 : i32
    %xh, %okh = gpu.shuffle xor %h, %c1i, %c32i : f16
    %lane8 = arith.trunci %lane32 : i32 to i8
    %xb, %okb = gpu.shuffle xor %lane8, %c1i, %c32i : i8
    %c3i = arith.constant 3 : i32
    %bf = gpu.subgroup_broadcast %widef, specific_lane %c3i : f64
    %bh = gpu.subgroup_broadcast %h, specific_lane %c0i : f16
    %first = arith.cmpi ult, %tx, %c1 : index
    %c4 = arith.constant 4 : index
    %few = arith.cmpi ult, %tx, %c4 : index
    scf.if %few {
      %base = arith.constant 4398046511104 : i64
      %basef = arith.constant 4398046511104.0 : f64
      %rf = arith.subf %sf, %basef : f64
      memref.store %rf, %out[%tx] : memref<32xf64>
      %at4 = arith.addi %tx, %c4 : index
      %ri = arith.subi %si, %base : i64
      %rif = arith.sitofp %ri : i64 to f64
      memref.store %rif, %out[%at4] : memref<32xf64>
      %c10 = arith.constant 10 : index
      %at10 = arith.addi %tx, %c10 : index
      %xhf = arith.extf %xh : f16 to f64
      memref.store %xhf, %out[%at10] : memref<32xf64>
      %c14 = arith.constant 14 : index
      %at14 = arith.addi %tx, %c14 : index
      %xbf = arith.sitofp %xb : i8 to f64
      memref.store %xbf, %out[%at14] : memref<32xf64>
    }
    scf.if %first {
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %shf = arith.extf %sh : f16 to f64
      memref.store %shf, %out[%c8] : memref<32xf64>
      %sbf = arith.sitofp %sb : i8 to f64
      memref.store %sbf, %out[%c9] : memref<32xf64>
      %c18 = arith.constant 18 : index
      %c19 = arith.constant 19 : index
      %big2 = arith.constant 1099511627776.0 : f64
      %bfr = arith.subf %bf, %big2 : f64
      memref.store %bfr, %out[%c18] : memref<32xf64>
      %bhf = arith.extf %bh : f16 to f64
      memref.store %bhf, %out[%c19] : memref<32xf64>
    }
    gpu.terminator
  }
  %view = memref.subview %out[0] [20] [1] : memref<32xf64> to memref<20xf64, strided<[1]>>
  %u = memref.cast %view : memref<20xf64, strided<[1]>> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
