// The code-quality suite in MLIR; kernels.cu has the same kernels in CUDA
// (and HIP), with 64-bit indices on both sides. Shared-memory kernels use
// 16x16 (matmul) and 32x32 (transpose) blocks.
!wg16 = memref<16x16xf32, #gpu.address_space<workgroup>>
!wg32 = memref<32x33xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @saxpy(%n: index, %a: f32, %x: memref<?xf32>, %y: memref<?xf32>) kernel {
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %xv = memref.load %x[%i] : memref<?xf32>
      %yv = memref.load %y[%i] : memref<?xf32>
      %p = arith.mulf %a, %xv : f32
      %s = arith.addf %p, %yv : f32
      memref.store %s, %y[%i] : memref<?xf32>
    }
    gpu.return
  }

  gpu.func @matmul(%n: index, %a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>)
      workgroup(%ta : !wg16, %tb : !wg16) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %sum = scf.for %t = %c0 to %n step %c16 iter_args(%acc = %zero) -> f32 {
      %ac = arith.addi %t, %tx : index
      %br = arith.addi %t, %ty : index
      %av = memref.load %a[%row, %ac] : memref<?x?xf32>
      %bv = memref.load %b[%br, %col] : memref<?x?xf32>
      memref.store %av, %ta[%ty, %tx] : !wg16
      memref.store %bv, %tb[%ty, %tx] : !wg16
      gpu.barrier
      %next = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %acc) -> f32 {
        %x = memref.load %ta[%ty, %k] : !wg16
        %y = memref.load %tb[%k, %tx] : !wg16
        %p = arith.mulf %x, %y : f32
        %q = arith.addf %s, %p : f32
        scf.yield %q : f32
      }
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %c[%row, %col] : memref<?x?xf32>
    gpu.return
  }

  gpu.func @reduce(%n: index, %x: memref<?xf32>, %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : i32
    %zero = arith.constant 0.0 : f32
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    %v = scf.if %in -> f32 {
      %l = memref.load %x[%i] : memref<?xf32>
      scf.yield %l : f32
    } else {
      scf.yield %zero : f32
    }
    %o16 = arith.constant 16 : i32
    %o8 = arith.constant 8 : i32
    %o4 = arith.constant 4 : i32
    %o2 = arith.constant 2 : i32
    %o1 = arith.constant 1 : i32
    %s16, %v16 = gpu.shuffle xor %v, %o16, %c32 : f32
    %a16 = arith.addf %v, %s16 : f32
    %s8, %v8 = gpu.shuffle xor %a16, %o8, %c32 : f32
    %a8 = arith.addf %a16, %s8 : f32
    %s4, %v4 = gpu.shuffle xor %a8, %o4, %c32 : f32
    %a4 = arith.addf %a8, %s4 : f32
    %s2, %v2 = gpu.shuffle xor %a4, %o2, %c32 : f32
    %a2 = arith.addf %a4, %s2 : f32
    %s1, %v1 = gpu.shuffle xor %a2, %o1, %c32 : f32
    %a1 = arith.addf %a2, %s1 : f32
    %tid = gpu.thread_id x
    %c32i = arith.constant 32 : index
    %lane = arith.remui %tid, %c32i : index
    %first = arith.cmpi eq, %lane, %c0 : index
    scf.if %first {
      %old = memref.atomic_rmw addf %a1, %out[%c0] : (f32, memref<1xf32>) -> f32
    }
    gpu.return
  }

  gpu.func @stencil(%n: index, %in: memref<?x?xf32>, %out: memref<?x?xf32>) kernel {
    %c1 = arith.constant 1 : index
    %four = arith.constant -4.0 : f32
    %j = gpu.global_id x
    %i = gpu.global_id y
    %last = arith.subi %n, %c1 : index
    %i0 = arith.cmpi uge, %i, %c1 : index
    %i1 = arith.cmpi ult, %i, %last : index
    %j0 = arith.cmpi uge, %j, %c1 : index
    %j1 = arith.cmpi ult, %j, %last : index
    %ii = arith.andi %i0, %i1 : i1
    %jj = arith.andi %j0, %j1 : i1
    %inside = arith.andi %ii, %jj : i1
    scf.if %inside {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %cv = memref.load %in[%i, %j] : memref<?x?xf32>
      %nv = memref.load %in[%im, %j] : memref<?x?xf32>
      %sv = memref.load %in[%ip, %j] : memref<?x?xf32>
      %wv = memref.load %in[%i, %jm] : memref<?x?xf32>
      %ev = memref.load %in[%i, %jp] : memref<?x?xf32>
      %a = arith.addf %nv, %sv : f32
      %b = arith.addf %wv, %ev : f32
      %c = arith.addf %a, %b : f32
      %d = arith.mulf %four, %cv : f32
      %r = arith.addf %c, %d : f32
      memref.store %r, %out[%i, %j] : memref<?x?xf32>
    }
    gpu.return
  }

  gpu.func @dot(%n: index, %x: memref<?xf32>, %y: memref<?xf32>, %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %i = gpu.global_id x
    %bd = gpu.block_dim x
    %gd = gpu.grid_dim x
    %stride = arith.muli %bd, %gd : index
    %sum = scf.for %k = %i to %n step %stride iter_args(%acc = %zero) -> f32 {
      %a = memref.load %x[%k] : memref<?xf32>
      %b = memref.load %y[%k] : memref<?xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    %old = memref.atomic_rmw addf %sum, %out[%c0] : (f32, memref<1xf32>) -> f32
    gpu.return
  }

  gpu.func @transpose(%n: index, %in: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile : !wg32) kernel {
    %c32 = arith.constant 32 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %x0 = arith.muli %bx, %c32 : index
    %y0 = arith.muli %by, %c32 : index
    %xi = arith.addi %x0, %tx : index
    %yi = arith.addi %y0, %ty : index
    %v = memref.load %in[%yi, %xi] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : !wg32
    gpu.barrier
    %xo = arith.addi %y0, %tx : index
    %yo = arith.addi %x0, %ty : index
    %w = memref.load %tile[%tx, %ty] : !wg32
    memref.store %w, %out[%yo, %xo] : memref<?x?xf32>
    gpu.return
  }

  gpu.func @histogram(%n: index, %data: memref<?xi32>, %bins: memref<256xi32>) kernel {
    %c255 = arith.constant 255 : i32
    %one = arith.constant 1 : i32
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %d = memref.load %data[%i] : memref<?xi32>
      %b = arith.andi %d, %c255 : i32
      %bi = arith.index_castui %b : i32 to index
      %old = memref.atomic_rmw addi %one, %bins[%bi] : (i32, memref<256xi32>) -> i32
    }
    gpu.return
  }

  gpu.func @math(%n: index, %x: memref<?xf32>, %y: memref<?xf32>) kernel {
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %v = memref.load %x[%i] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %v : f32
      %r = arith.mulf %e, %s : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    gpu.return
  }

  // Each block the maximum of exp over one row: a block-stride loop, then
  // a tree in workgroup memory.
  gpu.func @rowmax(%n: index, %x: memref<?x?xf32>, %out: memref<?xf32>)
      workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %row = gpu.block_id x
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %ninf = arith.constant 0xFF800000 : f32
    %m = scf.for %j = %t to %n step %c256 iter_args(%acc = %ninf) -> f32 {
      %v = memref.load %x[%row, %j] : memref<?x?xf32>
      %e = math.exp %v : f32
      %mx = arith.maxnumf %acc, %e : f32
      scf.yield %mx : f32
    }
    memref.store %m, %s[%t] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %last = scf.while (%st = %c128) : (index) -> index {
      %go = arith.cmpi sgt, %st, %c0 : index
      scf.condition(%go) %st : index
    } do {
    ^bb0(%st: index):
      %low = arith.cmpi slt, %t, %st : index
      scf.if %low {
        %o = arith.addi %t, %st : index
        %a = memref.load %s[%t] : memref<256xf32, #gpu.address_space<workgroup>>
        %b = memref.load %s[%o] : memref<256xf32, #gpu.address_space<workgroup>>
        %mm = arith.maxnumf %a, %b : f32
        memref.store %mm, %s[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %half = arith.divsi %st, %c2 : index
      scf.yield %half : index
    }
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      %v = memref.load %s[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%row] : memref<?xf32>
    }
    gpu.return
  }

  // One thread per row of a matrix-vector product: a loop whose trip count
  // is known at run time only.
  gpu.func @gemv(%m: index, %n: index, %a: memref<?x?xf32>,
                 %x: memref<?xf32>, %y: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %m : index
    scf.if %in {
      %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
        %av = memref.load %a[%i, %k] : memref<?x?xf32>
        %xv = memref.load %x[%k] : memref<?xf32>
        %p = arith.mulf %av, %xv : f32
        %s2 = arith.addf %acc, %p : f32
        scf.yield %s2 : f32
      }
      memref.store %s, %y[%i] : memref<?xf32>
    }
    gpu.return
  }

  // Dot products of four signed bytes by four, one per thread (int8
  // inference).
  gpu.func @i8dot(%n: index, %a: memref<?xi8>, %b: memref<?xi8>,
                  %out: memref<?xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %base = arith.muli %i, %c4 : index
      %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i32 {
        %j = arith.addi %base, %k : index
        %av = memref.load %a[%j] : memref<?xi8>
        %bv = memref.load %b[%j] : memref<?xi8>
        %ae = arith.extsi %av : i8 to i32
        %be = arith.extsi %bv : i8 to i32
        %p = arith.muli %ae, %be : i32
        %s2 = arith.addi %acc, %p : i32
        scf.yield %s2 : i32
      }
      memref.store %s, %out[%i] : memref<?xi32>
    }
    gpu.return
  }

  // Each thread a 2x2 tile of C = A * B in registers, over a loop whose
  // trip count is known at run time only (register tiling).
  gpu.func @tile2(%n: index, %a: memref<?x?xf32>, %b: memref<?x?xf32>,
                  %c: memref<?x?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %gx = gpu.global_id x
    %gy = gpu.global_id y
    %j = arith.muli %gx, %c2 : index
    %i = arith.muli %gy, %c2 : index
    %j1 = arith.addi %j, %c1 : index
    %i1 = arith.addi %i, %c1 : index
    %zero = arith.constant 0.0 : f32
    %r:4 = scf.for %k = %c0 to %n step %c1
        iter_args(%s00 = %zero, %s01 = %zero, %s10 = %zero, %s11 = %zero)
        -> (f32, f32, f32, f32) {
      %a0 = memref.load %a[%i, %k] : memref<?x?xf32>
      %a1 = memref.load %a[%i1, %k] : memref<?x?xf32>
      %b0 = memref.load %b[%k, %j] : memref<?x?xf32>
      %b1 = memref.load %b[%k, %j1] : memref<?x?xf32>
      %m00 = arith.mulf %a0, %b0 : f32
      %m01 = arith.mulf %a0, %b1 : f32
      %m10 = arith.mulf %a1, %b0 : f32
      %m11 = arith.mulf %a1, %b1 : f32
      %n00 = arith.addf %s00, %m00 : f32
      %n01 = arith.addf %s01, %m01 : f32
      %n10 = arith.addf %s10, %m10 : f32
      %n11 = arith.addf %s11, %m11 : f32
      scf.yield %n00, %n01, %n10, %n11 : f32, f32, f32, f32
    }
    memref.store %r#0, %c[%i, %j] : memref<?x?xf32>
    memref.store %r#1, %c[%i, %j1] : memref<?x?xf32>
    memref.store %r#2, %c[%i1, %j] : memref<?x?xf32>
    memref.store %r#3, %c[%i1, %j1] : memref<?x?xf32>
    gpu.return
  }
}
}
