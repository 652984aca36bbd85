// Scalable vectors (AArch64 SVE, RISC-V V), as MLIR's ArmSVE tests write
// them, are an error at the first op that has them: no target of mlirc's
// has them (LLVM's x86 code generator would fail on vscale).
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s -o %t/app 2>&1 | FileCheck %s
// RUN: not ls %t/app
// CHECK: scalable-vectors.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'vector.broadcast' uses scalable vectors (vector<[N]x...>, vector.vscale), which none of mlirc's targets has (x86-64, NVIDIA, AMD, Vulkan); use vectors of a fixed size
func.func @main() {
  %f = arith.constant 3.0 : f32
  %v = vector.broadcast %f : f32 to vector<[4]xf32>
  %w = arith.addf %v, %v : vector<[4]xf32>
  %e = vector.extract %w[0] : f32 from vector<[4]xf32>
  vector.print %e : f32
  return
}
