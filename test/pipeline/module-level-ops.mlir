// Module level holds declarations. An op that computes there (a func.call
// outside any function) passes MLIR's verifier but becomes an LLVM
// instruction outside any function, which LLVM's verifier rejects; mlirc
// reports it at the op, before any rewriting. Module flags, global
// constructors, linker options and globals are fine there.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: not %mlirc -c %s --offload-arch=host -o k.o 2>&1 | FileCheck %s
// RUN: not ls k.o
// Without the call, the file compiles and runs.
// RUN: grep -v 'func.call @setup' %s > fine.mlir
// RUN: %mlirc fine.mlir --offload-arch=host -o fine && ./fine | FileCheck %s --check-prefix=OUT
// RUN: sed 's|^// IN-KERNEL: ||' %s | grep -v 'func.call @setup' > kernel.mlir
// RUN: not %mlirc -c kernel.mlir --offload-arch=host -o k.o 2>&1 | FileCheck %s --check-prefix=KERNEL
// CHECK-NOT: Global is referenced
// CHECK-NOT: call void

llvm.module_flags [#llvm.mlir.module_flag<error, "mlirc-test", 1 : i32>]
llvm.mlir.global_ctors ctors = [@init], priorities = [0 : i32], data = [#llvm.zero]
memref.global "private" constant @table : memref<2xi32> = dense<[4, 2]>

func.func private @printI64(i64)
func.func private @printNewline()

llvm.func @init() {
  llvm.return
}

func.func @setup() {
  return
}

// CHECK: module-level-ops.mlir:[[@LINE+1]]:1: error: 'func.call' cannot be compiled at the level of a module: it runs only inside a function; move it into one (a func.func such as @main)
func.call @setup() : () -> ()

// KERNEL: kernel.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'arith.constant' cannot be compiled at the level of a gpu.module: it runs only inside a function; move it into one (a func.func such as @main, or a gpu.func)
gpu.module @kernels {
// IN-KERNEL: %c = arith.constant 1 : i32
}

func.func @main() {
  %table = memref.get_global @table : memref<2xi32>
  %c0 = arith.constant 0 : index
  %v = memref.load %table[%c0] : memref<2xi32>
  %w = arith.extsi %v : i32 to i64
  // OUT: 4
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
