// A module that launches a gpu.module's kernel but lacks the
// `gpu.container_module` attribute compiles as clang would compile it: mlirc
// marks the module. MLIR's verifier alone rejects it. An undefined kernel
// is still an error at the launch.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=host -S --compile-to=input -o - \
// RUN:   | FileCheck %s --check-prefix=INPUT
// RUN: sed 's/@k::@twice/@k::@thrice/' %s > %t.bad.mlir
// RUN: not %mlirc %t.bad.mlir --offload-arch=host -o %t.bad 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad
// CHECK: [0,  2,  4,  6,  8,  10,  12,  14]
// INPUT: module attributes {gpu.container_module}
// BAD: bad.mlir:[[@LINE+24]]:3: error: 'gpu.launch_func' op kernel function '@k::@thrice' is undefined
gpu.module @k {
  gpu.func @twice(%m: memref<8xi32>) kernel {
    %i = gpu.thread_id x
    %v = memref.load %m[%i] : memref<8xi32>
    %d = arith.addi %v, %v : i32
    memref.store %d, %m[%i] : memref<8xi32>
    gpu.return
  }
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloc() : memref<8xi32>
  scf.for %i = %c1 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %m[%i] : memref<8xi32>
  }
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  memref.store %z, %m[%c0] : memref<8xi32>
  gpu.launch_func @k::@twice blocks in (%c1, %c1, %c1)
      threads in (%c8, %c1, %c1) args(%m : memref<8xi32>)
  %u = memref.cast %m : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<8xi32>
  return
}
