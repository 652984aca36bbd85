// A dense array of `index` elements crashes MLIR 22's parser (SIGSEGV in
// parseDenseArrayAttr, whatever the elements). mlirc finds it in the text
// first and reports each at the attribute, also through a type alias of
// index, but not in comments or strings: exit code 1, no stack dump, no
// output and nothing left in TMPDIR.
// RUN: rm -rf %t && mkdir -p %t/tmp && cd %t
// RUN: env TMPDIR=%t/tmp not %mlirc -c %s --offload-arch=host -o k.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not ls k.o
// RUN: ls -A %t/tmp | count 0
// CHECK-NOT: Stack dump

!idx = index
!same = !idx

gpu.module @kernels {
  // array<index: 1> in a comment is not an attribute.
// CHECK: index-dense-array.mlir:[[@LINE+1]]:55: error: a dense array of 'index' elements is not supported (MLIR's parser crashes on it): give it a fixed-width element type, such as array<i32: ...> or array<i64: ...>
  gpu.func @k() kernel attributes {known_block_size = array<index: 1, 1, 1>,
                                   note = "array<index: 2>"} {
    gpu.return
  }
}

// CHECK: index-dense-array.mlir:[[@LINE+1]]:32: error: a dense array
func.func @f() attributes {a = array< !same : 4>, b = array<i64: 4>} {
  return
}
// CHECK: index-dense-array.mlir:[[@LINE+1]]:35: error: a dense array
func.func @main() attributes {c = array<index>} {
  return
}
