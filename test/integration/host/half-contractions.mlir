// A 4x4x16 vector.contract on f16 and on bf16, in host code compiled for
// the baseline x86-64 (no F16C, no AVX512-BF16): mlirc computes it as MLIR's
// float emulation does, the products summed in f32 and the sum rounded to
// the narrow type once, as tensor cores and the host target's subgroup MMA
// emulation accumulate (with F16C, LLVM rounds every step to f16, and the
// last bits can differ). The expected rows are those exact sums, rounded
// once to nearest even: a[i][k] = 4(i + k) + 1, b[k][j] = k + j + 16,
// accumulator 3.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( ( 13016, 13512, 14008, 14504 ), ( 14520, 15080, 15640, 16200 ), ( 16024, 16656, 17280, 17904 ), ( 17536, 18224, 18912, 19600 ) )
// CHECK-NEXT: ( ( 12992, 13504, 14016, 14528 ), ( 14528, 15104, 15616, 16192 ), ( 16000, 16640, 17280, 17920 ), ( 17536, 18176, 18944, 19584 ) )
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<4x16xf32>
  %b = memref.alloc() : memref<16x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c16 step %c1 {
      %s = arith.addi %i, %k : index
      %s2 = arith.muli %s, %c4 : index
      %s3 = arith.addi %s2, %c1 : index
      %si = arith.index_cast %s3 : index to i32
      %sf = arith.sitofp %si : i32 to f32
      memref.store %sf, %a[%i, %k] : memref<4x16xf32>
      %t = arith.addi %k, %i : index
      %t2 = arith.addi %t, %c16 : index
      %ti = arith.index_cast %t2 : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      memref.store %tf, %b[%k, %i] : memref<16x4xf32>
    }
  }
  %z = arith.constant 0.0 : f32
  %va = vector.transfer_read %a[%c0, %c0], %z {in_bounds = [true, true]} : memref<4x16xf32>, vector<4x16xf32>
  %vb = vector.transfer_read %b[%c0, %c0], %z {in_bounds = [true, true]} : memref<16x4xf32>, vector<16x4xf32>
  %ha = arith.truncf %va : vector<4x16xf32> to vector<4x16xf16>
  %hb = arith.truncf %vb : vector<16x4xf32> to vector<16x4xf16>
  %hc = arith.constant dense<3.0> : vector<4x4xf16>
  %hd = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ha, %hb, %hc : vector<4x16xf16>, vector<16x4xf16> into vector<4x4xf16>
  %he = arith.extf %hd : vector<4x4xf16> to vector<4x4xf32>
  vector.print %he : vector<4x4xf32>
  %ba = arith.truncf %va : vector<4x16xf32> to vector<4x16xbf16>
  %bb = arith.truncf %vb : vector<16x4xf32> to vector<16x4xbf16>
  %bc = arith.constant dense<3.0> : vector<4x4xbf16>
  %bd = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ba, %bb, %bc : vector<4x16xbf16>, vector<16x4xbf16> into vector<4x4xbf16>
  %be = arith.extf %bd : vector<4x4xbf16> to vector<4x4xf32>
  vector.print %be : vector<4x4xf32>
  return
}
