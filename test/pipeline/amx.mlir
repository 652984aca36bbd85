// amx in host code: compiled for a CPU with AMX (-march), else an error at
// the op. Nothing here runs it (AMX needs a Sapphire Rapids or later).
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc -c %s -o %t/amx.o 2>&1 | FileCheck %s --check-prefix=BASELINE
// RUN: not ls %t/amx.o
// BASELINE: amx.mlir:[[@LINE+8]]:{{[0-9]+}}: error: 'amx.tile_zero' needs AMX, which the CPU host code is compiled for (the baseline x86-64) lacks; compile with -march=native on a machine that has it, -march=sapphirerapids, or -mamx-tile
// RUN: %mlirc -c %s -march=sapphirerapids -o %t/amx.o
// RUN: llvm-objdump -d %t/amx.o | FileCheck %s
// CHECK: ldtilecfg
// CHECK: tilezero
// CHECK: tilestored
func.func @clear(%m: memref<16x32xbf16>) {
  %c0 = arith.constant 0 : index
  %t = amx.tile_zero : !amx.tile<16x32xbf16>
  amx.tile_store %m[%c0, %c0], %t : memref<16x32xbf16>, !amx.tile<16x32xbf16>
  return
}
