// The gpu dialect's sparse library ops (cuSPARSE's in MLIR's CUDA runtime)
// on the host target, computed by runtime/HostSparseLibrary.cpp. Every
// product adds to its output (MLIR's alpha = beta = 1). As MLIR lowers them,
// they read each buffer from its allocation's start: the constants are
// copied into allocations first.
//
// REQUIRES: offload-arch-host
// RUN: %mlirc %s --offload-arch=host -o %t
// RUN: %t | FileCheck %s
//
// Other targets get an error at the first of them.
// RUN: rm -f %t.o
// RUN: not %mlirc -S --compile-to=bufferized %s --offload-arch=sm_80 --cuda-path=%t.none -o %t.o 2>&1 | FileCheck %s --check-prefix=NVIDIA
// RUN: not %mlirc -c %s --offload-arch=host,gfx90a -o %t.o 2>&1 | FileCheck %s --check-prefix=AMD
// RUN: not ls %t.o
// NVIDIA: gpu-sparse-library.mlir:108:{{[0-9]+}}: error: 'gpu.create_csr' cannot be compiled for NVIDIA targets: mlirc computes the gpu dialect's sparse library ops (cuSPARSE's in MLIR's CUDA runtime) on the CPU, for the host target only; compile with --offload-arch=host
// AMD: error: 'gpu.create_csr' cannot be compiled for AMD targets
//
// A buffer that is not an allocation of its own is an error at the op.
// RUN: not %mlirc %S/Inputs/sparse-library-global.mlir --offload-arch=host -o %t.global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not ls %t.global
// GLOBAL: sparse-library-global.mlir:11:{{[0-9]+}}: error: 'gpu.create_csr' reads its buffers from the start of their allocation, as MLIR lowers it, and this one is a global, which has no allocation
// GLOBAL: sparse-library-global.mlir:7:{{[0-9]+}}: note: the buffer comes from here

// A (3x4) = [[1, 0, 2, 0], [0, 3, 0, 0], [4, 0, 5, 6]] as CSR, COO, COO with
// coordinate pairs, and CSC; A^T as CSR (the same arrays as A's CSC).
memref.global "private" constant @csr_pos : memref<4xindex> = dense<[0, 2, 3, 6]>
memref.global "private" constant @csr_crd : memref<6xindex> = dense<[0, 2, 1, 0, 2, 3]>
memref.global "private" constant @coo_rows : memref<6xi32> = dense<[0, 0, 1, 2, 2, 2]>
memref.global "private" constant @coo_cols : memref<6xi32> = dense<[0, 2, 1, 0, 2, 3]>
memref.global "private" constant @coo_pairs : memref<12xindex> = dense<[0, 0, 0, 2, 1, 1, 2, 0, 2, 2, 2, 3]>
memref.global "private" constant @vals : memref<6xf64> = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]>
memref.global "private" constant @vals32 : memref<6xf32> = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]>
memref.global "private" constant @csc_pos : memref<5xi32> = dense<[0, 2, 3, 5, 6]>
memref.global "private" constant @csc_crd : memref<6xi32> = dense<[0, 2, 1, 0, 2, 2]>
memref.global "private" constant @csc_vals : memref<6xf64> = dense<[1.0, 4.0, 3.0, 2.0, 5.0, 6.0]>
memref.global "private" constant @csc_pos_idx : memref<5xindex> = dense<[0, 2, 3, 5, 6]>
memref.global "private" constant @csc_crd_idx : memref<6xindex> = dense<[0, 2, 1, 0, 2, 2]>
// B (4x4) with 2x2 blocks [[1, 2], [3, 4]] and [[5, 6], [7, 8]] on its
// diagonal, as BSR.
memref.global "private" constant @bsr_pos : memref<3xindex> = dense<[0, 1, 2]>
memref.global "private" constant @bsr_crd : memref<2xindex> = dense<[0, 1]>
memref.global "private" constant @bsr_vals : memref<8xf64> = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]>
memref.global "private" constant @x4 : memref<4xf64> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global "private" constant @x3 : memref<3xf64> = dense<[1.0, 2.0, 3.0]>
memref.global "private" constant @ones4 : memref<4xf64> = dense<1.0>
memref.global "private" constant @dense4x2 : memref<4x2xf32> = dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 0.0]]>
memref.global "private" constant @dense3x2 : memref<3x2xf64> = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]>
memref.global "private" constant @dense2x4 : memref<2x4xf64> = dense<[[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]]>
// 2:4 sparse rows, the second with one value too many in two groups of
// four, which pruning removes (the smallest of each).
memref.global "private" constant @lt_a : memref<2x8xf16> = dense<[[1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0], [5.0, 6.0, 1.0, 0.0, 0.0, 2.0, 7.0, 8.0]]>
memref.global "private" constant @lt_b : memref<8x2xf16> = dense<[[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0], [1.0, 5.0], [1.0, 6.0], [1.0, 7.0], [1.0, 8.0]]>

func.func @copyOf(%src: memref<?xf64>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %src, %c0 : memref<?xf64>
  %dst = memref.alloc(%n) : memref<?xf64>
  memref.copy %src, %dst : memref<?xf64> to memref<?xf64>
  return %dst : memref<?xf64>
}

func.func @print(%v: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f64
  %r = vector.transfer_read %v[%c0], %f0 : memref<?xf64>, vector<4xf64>
  vector.print %r : vector<4xf64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %f0 = arith.constant 0.0 : f64
  %pos_c = memref.get_global @csr_pos : memref<4xindex>
  %pos = memref.alloc() : memref<4xindex>
  memref.copy %pos_c, %pos : memref<4xindex> to memref<4xindex>
  %crd_c = memref.get_global @csr_crd : memref<6xindex>
  %crd = memref.alloc() : memref<6xindex>
  memref.copy %crd_c, %crd : memref<6xindex> to memref<6xindex>
  %vals_c = memref.get_global @vals : memref<6xf64>
  %vals = memref.alloc() : memref<6xf64>
  memref.copy %vals_c, %vals : memref<6xf64> to memref<6xf64>
  %x4g_c = memref.get_global @x4 : memref<4xf64>
  %x4g = memref.alloc() : memref<4xf64>
  memref.copy %x4g_c, %x4g : memref<4xf64> to memref<4xf64>
  %x4 = memref.cast %x4g : memref<4xf64> to memref<?xf64>
  %x3g_c = memref.get_global @x3 : memref<3xf64>
  %x3g = memref.alloc() : memref<3xf64>
  memref.copy %x3g_c, %x3g : memref<3xf64> to memref<3xf64>
  %x3 = memref.cast %x3g : memref<3xf64> to memref<?xf64>
  %onesg_c = memref.get_global @ones4 : memref<4xf64>
  %onesg = memref.alloc() : memref<4xf64>
  memref.copy %onesg_c, %onesg : memref<4xf64> to memref<4xf64>
  %ones = memref.cast %onesg : memref<4xf64> to memref<?xf64>

  // y = [1, 1, 1] + A x, x = [1, 2, 3, 4]: CSR, then COO (i32
  // coordinates), then coordinate pairs.
  // CHECK: ( 8, 7, 44, 1 )
  // CHECK-NEXT: ( 8, 7, 44, 1 )
  // CHECK-NEXT: ( 8, 7, 44, 1 )
  %t0 = gpu.wait async
  %csr, %t1 = gpu.create_csr async [%t0] %c3, %c4, %c6, %pos, %crd, %vals : memref<4xindex>, memref<6xindex>, memref<6xf64>
  %y = call @copyOf(%ones) : (memref<?xf64>) -> memref<?xf64>
  %dx, %t2 = gpu.create_dn_tensor async [%t1] %x4, %c4 : index into memref<?xf64>
  %dy, %t3 = gpu.create_dn_tensor async [%t2] %y, %c3 : index into memref<?xf64>
  %sz, %t4 = gpu.spmv_buffer_size async [%t3] %csr, %dx, %dy into f64
  %buf, %t5 = gpu.alloc async [%t4] (%sz) : memref<?xi8>
  %t6 = gpu.spmv async [%t5] %csr, %dx, %dy, %buf : memref<?xi8> into f64
  gpu.wait [%t6]
  call @print(%y) : (memref<?xf64>) -> ()

  %rows_c = memref.get_global @coo_rows : memref<6xi32>
  %rows = memref.alloc() : memref<6xi32>
  memref.copy %rows_c, %rows : memref<6xi32> to memref<6xi32>
  %cols_c = memref.get_global @coo_cols : memref<6xi32>
  %cols = memref.alloc() : memref<6xi32>
  memref.copy %cols_c, %cols : memref<6xi32> to memref<6xi32>
  %y2 = call @copyOf(%ones) : (memref<?xf64>) -> memref<?xf64>
  %t7 = gpu.wait async
  %coo, %t8 = gpu.create_coo async [%t7] %c3, %c4, %c6, %rows, %cols, %vals : memref<6xi32>, memref<6xi32>, memref<6xf64>
  %dy2, %t9 = gpu.create_dn_tensor async [%t8] %y2, %c3 : index into memref<?xf64>
  %t10 = gpu.spmv async [%t9] %coo, %dx, %dy2, %buf : memref<?xi8> into f64
  gpu.wait [%t10]
  call @print(%y2) : (memref<?xf64>) -> ()

  %pairs_c = memref.get_global @coo_pairs : memref<12xindex>
  %pairs = memref.alloc() : memref<12xindex>
  memref.copy %pairs_c, %pairs : memref<12xindex> to memref<12xindex>
  %y3b = call @copyOf(%ones) : (memref<?xf64>) -> memref<?xf64>
  %t11 = gpu.wait async
  %aos, %t12 = gpu.create_coo_aos async [%t11] %c3, %c4, %c6, %pairs, %vals : memref<12xindex>, memref<6xf64>
  %dy3, %t13 = gpu.create_dn_tensor async [%t12] %y3b, %c3 : index into memref<?xf64>
  %t14 = gpu.spmv async [%t13] %aos, %dx, %dy3, %buf : memref<?xi8> into f64
  gpu.wait [%t14]
  call @print(%y3b) : (memref<?xf64>) -> ()

  // A^T z, z = [1, 2, 3], from A's CSC (i32 positions and coordinates)
  // transposed: [13, 6, 17, 18].
  // CHECK-NEXT: ( 13, 6, 17, 18 )
  %cpos_c = memref.get_global @csc_pos : memref<5xi32>
  %cpos = memref.alloc() : memref<5xi32>
  memref.copy %cpos_c, %cpos : memref<5xi32> to memref<5xi32>
  %ccrd_c = memref.get_global @csc_crd : memref<6xi32>
  %ccrd = memref.alloc() : memref<6xi32>
  memref.copy %ccrd_c, %ccrd : memref<6xi32> to memref<6xi32>
  %cvals_c = memref.get_global @csc_vals : memref<6xf64>
  %cvals = memref.alloc() : memref<6xf64>
  memref.copy %cvals_c, %cvals : memref<6xf64> to memref<6xf64>
  %z = memref.alloc() : memref<4xf64>
  %zd = memref.cast %z : memref<4xf64> to memref<?xf64>
  linalg.fill ins(%f0 : f64) outs(%z : memref<4xf64>)
  %t15 = gpu.wait async
  %csc, %t16 = gpu.create_csc async [%t15] %c3, %c4, %c6, %cpos, %ccrd, %cvals : memref<5xi32>, memref<6xi32>, memref<6xf64>
  %dz3, %t17 = gpu.create_dn_tensor async [%t16] %x3, %c3 : index into memref<?xf64>
  %dz, %t18 = gpu.create_dn_tensor async [%t17] %zd, %c4 : index into memref<?xf64>
  %t19 = gpu.spmv async [%t18] %csc{TRANSPOSE}, %dz3, %dz, %buf : memref<?xi8> into f64
  gpu.wait [%t19]
  call @print(%zd) : (memref<?xf64>) -> ()

  // The block-diagonal B times ones: [3, 7, 11, 15].
  // CHECK-NEXT: ( 3, 7, 11, 15 )
  %bpos_c = memref.get_global @bsr_pos : memref<3xindex>
  %bpos = memref.alloc() : memref<3xindex>
  memref.copy %bpos_c, %bpos : memref<3xindex> to memref<3xindex>
  %bcrd_c = memref.get_global @bsr_crd : memref<2xindex>
  %bcrd = memref.alloc() : memref<2xindex>
  memref.copy %bcrd_c, %bcrd : memref<2xindex> to memref<2xindex>
  %bvals_c = memref.get_global @bsr_vals : memref<8xf64>
  %bvals = memref.alloc() : memref<8xf64>
  memref.copy %bvals_c, %bvals : memref<8xf64> to memref<8xf64>
  %w = memref.alloc() : memref<4xf64>
  %wd = memref.cast %w : memref<4xf64> to memref<?xf64>
  linalg.fill ins(%f0 : f64) outs(%w : memref<4xf64>)
  %t20 = gpu.wait async
  %bsr, %t21 = gpu.create_bsr async [%t20] %c2, %c2, %c2, %c2, %c2, %bpos, %bcrd, %bvals : memref<3xindex>, memref<2xindex>, memref<8xf64>
  %dones, %t22 = gpu.create_dn_tensor async [%t21] %ones, %c4 : index into memref<?xf64>
  %dw, %t23 = gpu.create_dn_tensor async [%t22] %wd, %c4 : index into memref<?xf64>
  %t24 = gpu.spmv async [%t23] %bsr, %dones, %dw, %buf : memref<?xi8> into f64
  gpu.wait [%t24]
  call @print(%wd) : (memref<?xf64>) -> ()

  // A (f32 values) times a dense 4x2 matrix: [[3, 2], [0, 3], [21, 5]].
  // CHECK-NEXT: ( ( 3, 2 ), ( 0, 3 ), ( 21, 5 ) )
  %vals32_c = memref.get_global @vals32 : memref<6xf32>
  %vals32 = memref.alloc() : memref<6xf32>
  memref.copy %vals32_c, %vals32 : memref<6xf32> to memref<6xf32>
  %bm_c = memref.get_global @dense4x2 : memref<4x2xf32>
  %bm = memref.alloc() : memref<4x2xf32>
  memref.copy %bm_c, %bm : memref<4x2xf32> to memref<4x2xf32>
  %cm = memref.alloc() : memref<3x2xf32>
  %f0s = arith.constant 0.0 : f32
  linalg.fill ins(%f0s : f32) outs(%cm : memref<3x2xf32>)
  %t25 = gpu.wait async
  %csr32, %t26 = gpu.create_csr async [%t25] %c3, %c4, %c6, %pos, %crd, %vals32 : memref<4xindex>, memref<6xindex>, memref<6xf32>
  %dbm, %t27 = gpu.create_dn_tensor async [%t26] %bm, %c4, %c2 : index, index into memref<4x2xf32>
  %dcm, %t28 = gpu.create_dn_tensor async [%t27] %cm, %c3, %c2 : index, index into memref<3x2xf32>
  %msz, %t29 = gpu.spmm_buffer_size async [%t28] %csr32, %dbm, %dcm : index into f32
  %mbuf, %t30 = gpu.alloc async [%t29] (%msz) : memref<?xi8>
  %t31 = gpu.spmm async [%t30] %csr32, %dbm, %dcm, %mbuf : memref<?xi8> into f32
  gpu.wait [%t31]
  %cmv = vector.transfer_read %cm[%c0, %c0], %f0s : memref<3x2xf32>, vector<3x2xf32>
  vector.print %cmv : vector<3x2xf32>

  // SDDMM: A's entries plus those of [[1, 2], [3, 4], [5, 6]] times
  // [[1, 0, 1, 0], [0, 1, 0, 1]] at the same places.
  // CHECK-NEXT: ( 2, 3, 7, 9, 10, 12 )
  %sval = memref.alloc() : memref<6xf64>
  memref.copy %vals, %sval : memref<6xf64> to memref<6xf64>
  %da_c = memref.get_global @dense3x2 : memref<3x2xf64>
  %da = memref.alloc() : memref<3x2xf64>
  memref.copy %da_c, %da : memref<3x2xf64> to memref<3x2xf64>
  %db_c = memref.get_global @dense2x4 : memref<2x4xf64>
  %db = memref.alloc() : memref<2x4xf64>
  memref.copy %db_c, %db : memref<2x4xf64> to memref<2x4xf64>
  %t32 = gpu.wait async
  %sp, %t33 = gpu.create_csr async [%t32] %c3, %c4, %c6, %pos, %crd, %sval : memref<4xindex>, memref<6xindex>, memref<6xf64>
  %dda, %t34 = gpu.create_dn_tensor async [%t33] %da, %c3, %c2 : index, index into memref<3x2xf64>
  %ddb, %t35 = gpu.create_dn_tensor async [%t34] %db, %c2, %c4 : index, index into memref<2x4xf64>
  %ssz, %t36 = gpu.sddmm_buffer_size async [%t35] %dda, %ddb, %sp into f64
  %sbuf, %t37 = gpu.alloc async [%t36] (%ssz) : memref<?xi8>
  %t38 = gpu.sddmm async [%t37] %dda, %ddb, %sp, %sbuf : memref<?xi8> into f64
  gpu.wait [%t38]
  %sv = vector.transfer_read %sval[%c0], %f0 : memref<6xf64>, vector<6xf64>
  vector.print %sv : vector<6xf64>

  // SpGEMM: A A^T as CSR, [[5, 0, 14], [0, 9, 0], [14, 0, 77]] with five
  // entries.
  // CHECK-NEXT: 3
  // CHECK-NEXT: 3
  // CHECK-NEXT: 5
  // CHECK-NEXT: ( 0, 2, 3, 5 )
  // CHECK-NEXT: ( 0, 2, 1, 0, 2 )
  // CHECK-NEXT: ( 5, 14, 9, 14, 77 )
  %tpos_c = memref.get_global @csc_pos_idx : memref<5xindex>
  %tpos = memref.alloc() : memref<5xindex>
  memref.copy %tpos_c, %tpos : memref<5xindex> to memref<5xindex>
  %tcrd_c = memref.get_global @csc_crd_idx : memref<6xindex>
  %tcrd = memref.alloc() : memref<6xindex>
  memref.copy %tcrd_c, %tcrd : memref<6xindex> to memref<6xindex>
  %rowC = memref.alloc() : memref<4xindex>
  %colC0 = memref.alloc() : memref<0xindex>
  %valC0 = memref.alloc() : memref<0xf64>
  %t40 = gpu.wait async
  %spA, %t41 = gpu.create_csr async [%t40] %c3, %c4, %c6, %pos, %crd, %vals : memref<4xindex>, memref<6xindex>, memref<6xf64>
  %spB, %t42 = gpu.create_csr async [%t41] %c4, %c3, %c6, %tpos, %tcrd, %cvals : memref<5xindex>, memref<6xindex>, memref<6xf64>
  %spC, %t43 = gpu.create_csr async [%t42] %c3, %c3, %c0, %rowC, %colC0, %valC0 : memref<4xindex>, memref<0xindex>, memref<0xf64>
  %desc, %t44 = gpu.spgemm_create_descr async [%t43]
  %buf0 = memref.alloc() : memref<0xi8>
  %bs1, %t45 = gpu.spgemm_work_estimation_or_compute async [%t44]{WORK_ESTIMATION} %spA, %spB, %spC, %desc, %c0, %buf0 : f64 into memref<0xi8>
  %wbuf, %t46 = gpu.alloc async [%t45] (%bs1) : memref<?xi8>
  %bs2, %t47 = gpu.spgemm_work_estimation_or_compute async [%t46]{WORK_ESTIMATION} %spA, %spB, %spC, %desc, %bs1, %wbuf : f64 into memref<?xi8>
  %bs3, %t48 = gpu.spgemm_work_estimation_or_compute async [%t47]{COMPUTE} %spA, %spB, %spC, %desc, %c0, %buf0 : f64 into memref<0xi8>
  %cbuf, %t49 = gpu.alloc async [%t48] (%bs3) : memref<?xi8>
  %bs4, %t50 = gpu.spgemm_work_estimation_or_compute async [%t49]{COMPUTE} %spA, %spB, %spC, %desc, %bs3, %cbuf : f64 into memref<?xi8>
  %nr, %nc, %nnz, %t51 = gpu.spmat_get_size async [%t50] %spC
  %colC = memref.alloc(%nnz) : memref<?xindex>
  %valC = memref.alloc(%nnz) : memref<?xf64>
  %t52 = gpu.set_csr_pointers async [%t51] %spC, %rowC, %colC, %valC : memref<4xindex>, memref<?xindex>, memref<?xf64>
  %t53 = gpu.spgemm_copy async [%t52] %spA, %spB, %spC, %desc : f64
  %t54 = gpu.spgemm_destroy_descr async [%t53] %desc
  %t55 = gpu.destroy_sp_mat async [%t54] %spC
  gpu.wait [%t55]
  vector.print %nr : index
  vector.print %nc : index
  vector.print %nnz : index
  %rv = vector.transfer_read %rowC[%c0], %c0 : memref<4xindex>, vector<4xindex>
  vector.print %rv : vector<4xindex>
  %cv = vector.transfer_read %colC[%c0], %c0 : memref<?xindex>, vector<5xindex>
  vector.print %cv : vector<5xindex>
  %vv = vector.transfer_read %valC[%c0], %f0 : memref<?xf64>, vector<5xf64>
  vector.print %vv : vector<5xf64>

  // 2:4 structured sparsity: A pruned in place, then A B with
  // B[k] = [1, k + 1].
  // CHECK-NEXT: ( ( 1, 0, 2, 0, 0, 3, 0, 4 ), ( 5, 6, 0, 0, 0, 0, 7, 8 ) )
  // CHECK-NEXT: ( ( 10, 57 ), ( 26, 130 ) )
  %ltg = memref.get_global @lt_a : memref<2x8xf16>
  %lta = memref.alloc() : memref<2x8xf16>
  memref.copy %ltg, %lta : memref<2x8xf16> to memref<2x8xf16>
  %ltb_c = memref.get_global @lt_b : memref<8x2xf16>
  %ltb = memref.alloc() : memref<8x2xf16>
  memref.copy %ltb_c, %ltb : memref<8x2xf16> to memref<8x2xf16>
  %ltc = memref.alloc() : memref<2x2xf16>
  %h0 = arith.constant 0.0 : f16
  linalg.fill ins(%h0 : f16) outs(%ltc : memref<2x2xf16>)
  %t60 = gpu.wait async
  %lt, %t61 = gpu.create_2to4_spmat async [%t60]{PRUNE_AND_CHECK} %c2, %c8, %lta : memref<2x8xf16>
  %dlb, %t62 = gpu.create_dn_tensor async [%t61] %ltb, %c8, %c2 : index, index into memref<8x2xf16>
  %dlc, %t63 = gpu.create_dn_tensor async [%t62] %ltc, %c2, %c2 : index, index into memref<2x2xf16>
  %l0, %l1, %l2, %t64 = gpu.spmm_buffer_size async [%t63] %lt, %dlb, %dlc : index, index, index into f16
  %lb0, %t65 = gpu.alloc async [%t64] (%l0) : memref<?xf16>
  %lb1, %t66 = gpu.alloc async [%t65] (%l1) : memref<?xf16>
  %lb2, %t67 = gpu.alloc async [%t66] (%l2) : memref<?xf16>
  %t68 = gpu.spmm async [%t67] %lt, %dlb, %dlc, %lb0, %lb1, %lb2 : memref<?xf16>, memref<?xf16>, memref<?xf16> into f16
  %t69 = gpu.destroy_sp_mat async [%t68] %lt
  %t70 = gpu.destroy_dn_tensor async [%t69] %dlb
  %t71 = gpu.destroy_dn_tensor async [%t70] %dlc
  gpu.wait [%t71]
  %lav = vector.transfer_read %lta[%c0, %c0], %h0 : memref<2x8xf16>, vector<2x8xf16>
  vector.print %lav : vector<2x8xf16>
  %lcv = vector.transfer_read %ltc[%c0, %c0], %h0 : memref<2x2xf16>, vector<2x2xf16>
  vector.print %lcv : vector<2x2xf16>
  return
}
