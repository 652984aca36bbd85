// Host code may use the x86vector and amx dialects: instructions of x86
// extensions, for a CPU -march says has them. Without such a -march, an
// op whose extension the CPU lacks is an error at the op naming one.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s -o %t/app 2>&1 | FileCheck %s --check-prefix=BASELINE
// RUN: not ls %t/app
// BASELINE: x86vector.mlir:[[@LINE+18]]:{{[0-9]+}}: error: 'x86vector.avx.rsqrt' needs AVX, which the CPU host code is compiled for (the baseline x86-64) lacks; compile with -march=native on a machine that has it, -march=x86-64-v3, or -mavx
// RUN: not %mlirc %s -march=x86-64-v3 -o %t/app 2>&1 | FileCheck %s --check-prefix=V3
// V3: x86vector.mlir:[[@LINE+25]]:{{[0-9]+}}: error: 'x86vector.avx512.mask.compress' needs AVX-512, which the CPU host code is compiled for (x86-64-v3) lacks; compile with -march=native on a machine that has it, -march=x86-64-v4, or -mavx512f
// RUN: %mlirc %s -march=x86-64-v4 -c -o %t/app.o
// The extensions one by one, as clang's -m flags.
// RUN: %mlirc %s -mavx -mavx512f -c -o %t/app.o
// RUN: not %mlirc %s -march=x86-64-v4 -mno-avx512f -c -o %t/app.o
// RUN: %mlirc -march=x86-64-v4 -S --compile-to=llvm %s -o - | FileCheck %s --check-prefix=IR
// IR: call <8 x float> @llvm.x86.avx.rsqrt.ps.256
// IR: call <16 x float> @llvm.x86.avx512.mask.compress
// With the extensions, on this machine:
// RUN: %if host-avx512f %{ %mlirc %s -march=native -o %t/app %}
// RUN: %if host-avx512f %{ %t/app | FileCheck %s %}
// CHECK: ( 4, 2, 1, 0.5 )
// CHECK: ( 3, 9, 11, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 )
func.func @main() {
  %v = arith.constant dense<[0.0625, 0.25, 1.0, 4.0, 16.0, 64.0, 0.01, 100.0]> : vector<8xf32>
  // rsqrt approximates: compare its results at a coarse grain.
  %r = x86vector.avx.rsqrt %v : vector<8xf32>
  %head = vector.extract_strided_slice %r {offsets = [0], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
  %eighth = arith.constant dense<8.0> : vector<4xf32>
  %scaled = arith.mulf %head, %eighth : vector<4xf32>
  %rounded = math.round %scaled : vector<4xf32>
  %back = arith.divf %rounded, %eighth : vector<4xf32>
  vector.print %back : vector<4xf32>
  %a = arith.constant dense<[3., 5., 9., 7., 11., 2., 15., 6., 1., 1., 1., 1., 1., 1., 1., 1.]> : vector<16xf32>
  %k = arith.constant dense<[1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : vector<16xi1>
  %c = x86vector.avx512.mask.compress %k, %a : vector<16xf32>
  vector.print %c : vector<16xf32>
  return
}
