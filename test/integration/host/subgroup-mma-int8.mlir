// Integer tensor-core ops: si8 and ui8 matrices of i8 memrefs with i32
// accumulators (si8 sign-extends, ui8 zero-extends, as on the GPUs), on
// four blocks of one subgroup each and a K loop of two steps; and an f16
// tile staged through workgroup memory, loaded twice (once transposed),
// multiplied, divided elementwise and stored transposed. The host target
// and Vulkan emulate them; the program also builds for gfx1100. For NVIDIA
// si8 times ui8 is an error at the op (MLIR's lowering failed to legalize
// it), the rest builds.
// A = (i + j) % 16, B = (i * j) % 16 - 7; the f16 tile is B's.
// RUN: %mlirc %s --offload-arch=host -o %t && %t | FileCheck %s
// RUN: %if vulkan-device %{ %mlirc %s --offload-arch=vulkan -o %t.vk %}
// RUN: %if vulkan-device %{ %t.vk | FileCheck %s %}
// RUN: %mlirc %s --offload-arch=gfx1100 --rocm-path=%fake_rocm -c -o %t.o
// RUN: not %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda -c -o %t.o 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: subgroup-mma-int8.mlir:[[@LINE+64]]:12: error: 'gpu.subgroup_mma_compute' of 'si8' and 'ui8' matrices cannot be compiled for NVIDIA targets
// RUN: sed 's/%U = gpu.subgroup_mma_compute %A, %BU/%U = gpu.subgroup_mma_compute %A, %B/; s/!gpu.mma_matrix<16x16xui8, "BOp"> ->/!gpu.mma_matrix<16x16xsi8, "BOp"> ->/' %s > %t.mlir
// RUN: %mlirc %t.mlir --offload-arch=sm_80 --cuda-path=%fake_cuda -c -o %t.o
// CHECK:      signed
// CHECK-NEXT: sizes = [32, 32]
// CHECK-NEXT: [-1680,   800,   336,   320,   -80,   160,   144,   192,   -656,   288,   80,   320,   -208,   160,   -112,   -320,   -1680,   800,   336,   320,   -80,   160,   144,   192,   -656,   288,   80,   320,   -208,   160,   -112,   -320],
// CHECK-NEXT: [-1680,   560,   112,   144,   -272,   48,   48,   144,   -784,   304,   112,   400,   -144,   304,   48,   -112,   -1680,   560,   112,   144,   -272,   48,   48,   144,   -784,   304,   112,   400,   -144,   304,   48,   -112],
// CHECK:      unsigned
// CHECK-NEXT: sizes = [32, 32]
// CHECK-NEXT: [59760,   11552,
// CHECK:      f16
// CHECK-NEXT: sizes = [32, 32]
// CHECK-NEXT: [785,   -55,   1,   -55,   113,   -55,   1,   -55,   337,   -55,   1,   -55,   113,   -55,   1,   -55,   785,   -55,   1,   -55,   113,   -55,   1,   -55,   337,   -55,   1,   -55,   113,   -55,   1,   -55],
// CHECK-NEXT: [-55,   345,   169,   105,   73,   25,   73,   41,   9,   89,   41,   105,   9,   25,   -55,   -215,   -55,   345,   169,   105,   73,   25,   73,   41,   9,   89,   41,   105,   9,   25,   -55,   -215],
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printString(!llvm.ptr)
llvm.mlir.global internal constant @signed("signed\0A\00")
llvm.mlir.global internal constant @unsigned("unsigned\0A\00")
llvm.mlir.global internal constant @half("f16\0A\00")
func.func @title(%name: !llvm.ptr) {
  call @printString(%name) : (!llvm.ptr) -> ()
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %a = gpu.alloc host_shared () : memref<32x32xi8>
  %b = gpu.alloc host_shared () : memref<32x32xi8>
  %s = gpu.alloc host_shared () : memref<32x32xi32>
  %u = gpu.alloc host_shared () : memref<32x32xi32>
  %h = gpu.alloc host_shared () : memref<32x32xf16>
  %f = gpu.alloc host_shared () : memref<32x32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %sum = arith.addi %i, %j : index
      %product = arith.muli %i, %j : index
      %x = arith.remui %sum, %c16 : index
      %y = arith.remui %product, %c16 : index
      %xi = arith.index_cast %x : index to i8
      %yi = arith.index_cast %y : index to i8
      %seven = arith.constant 7 : i8
      %bi = arith.subi %yi, %seven : i8
      memref.store %xi, %a[%i, %j] : memref<32x32xi8>
      memref.store %bi, %b[%i, %j] : memref<32x32xi8>
      %bh = arith.sitofp %bi : i8 to f16
      memref.store %bh, %h[%i, %j] : memref<32x32xf16>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<16x16xf16, #gpu.address_space<workgroup>>) {
    %row = arith.muli %by, %c16 : index
    %col = arith.muli %bx, %c16 : index
    %zero = arith.constant 0 : i32
    %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xi32, "COp">
    %acc:2 = scf.for %k = %c0 to %c32 step %c16 iter_args(%ss = %init, %uu = %init) -> (!gpu.mma_matrix<16x16xi32, "COp">, !gpu.mma_matrix<16x16xi32, "COp">) {
      %A = gpu.subgroup_mma_load_matrix %a[%row, %k] {leadDimension = 32 : index} : memref<32x32xi8> -> !gpu.mma_matrix<16x16xsi8, "AOp">
      %B = gpu.subgroup_mma_load_matrix %b[%k, %col] {leadDimension = 32 : index} : memref<32x32xi8> -> !gpu.mma_matrix<16x16xsi8, "BOp">
      %BU = gpu.subgroup_mma_load_matrix %b[%k, %col] {leadDimension = 32 : index} : memref<32x32xi8> -> !gpu.mma_matrix<16x16xui8, "BOp">
      %S = gpu.subgroup_mma_compute %A, %B, %ss : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
      %U = gpu.subgroup_mma_compute %A, %BU, %uu : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xui8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
      scf.yield %S, %U : !gpu.mma_matrix<16x16xi32, "COp">, !gpu.mma_matrix<16x16xi32, "COp">
    }
    gpu.subgroup_mma_store_matrix %acc#0, %s[%row, %col] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xi32, "COp">, memref<32x32xi32>
    gpu.subgroup_mma_store_matrix %acc#1, %u[%row, %col] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xi32, "COp">, memref<32x32xi32>
    // Each thread stages 8 elements of the block's f16 tile.
    %first = arith.muli %tx, %c16 : index
    scf.for %e = %c0 to %c16 step %c2 {
      %n = arith.addi %first, %e : index
      %element = arith.divui %n, %c2 : index
      %r = arith.divui %element, %c16 : index
      %cc = arith.remui %element, %c16 : index
      %gr = arith.addi %row, %r : index
      %gc = arith.addi %col, %cc : index
      %v = memref.load %h[%gr, %gc] : memref<32x32xf16>
      memref.store %v, %tile[%r, %cc] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %TA = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %TB = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %one = arith.constant 1.0 : f32
    %ONE = gpu.subgroup_mma_constant_matrix %one : !gpu.mma_matrix<16x16xf32, "COp">
    %P = gpu.subgroup_mma_compute %TA, %TB, %ONE {b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %Q = gpu.subgroup_mma_elementwise divf %P, %ONE : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %Q, %f[%row, %col] {leadDimension = 32 : index, transpose} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
    gpu.terminator
  }
  %ts = llvm.mlir.addressof @signed : !llvm.ptr
  call @title(%ts) : (!llvm.ptr) -> ()
  %ps = memref.cast %s : memref<32x32xi32> to memref<*xi32>
  call @printMemrefI32(%ps) : (memref<*xi32>) -> ()
  %tu = llvm.mlir.addressof @unsigned : !llvm.ptr
  call @title(%tu) : (!llvm.ptr) -> ()
  %pu = memref.cast %u : memref<32x32xi32> to memref<*xi32>
  call @printMemrefI32(%pu) : (memref<*xi32>) -> ()
  %th = llvm.mlir.addressof @half : !llvm.ptr
  call @title(%th) : (!llvm.ptr) -> ()
  %pf = memref.cast %f : memref<32x32xf32> to memref<*xf32>
  call @printMemrefF32(%pf) : (memref<*xf32>) -> ()
  return
}
