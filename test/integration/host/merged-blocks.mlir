// Kernels whose threads see x only through gpu.global_id x, independent
// of each other: on the host target one call of their block function runs
// several consecutive blocks of a row of the grid (up to 256 threads in x),
// and their grid is walked row by row. Every thread must still run once,
// with its own ids: a 16x16-block stencil-like guard with y, grids whose
// width is no multiple of the blocks merged, a 3-D grid, odd block widths,
// a loop with the same bounds in every x, and, for comparison, a kernel
// that reads thread_id x and one whose loop starts at its x id (neither
// merged). Kernels without loops stream: their grid runs row by row.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -O0 -o %t0 && %t0 | FileCheck %s
// RUN: %if offload-arch-host %{ %mlirc %s --offload-arch=host --compile-to=host -o - | FileCheck %s --check-prefix=IR %}

// IR-LABEL: llvm.func internal @__mlirc_host.k_ids_
// IR-SAME: mlirc.merges_blocks_in_x, mlirc.streams
// IR-LABEL: llvm.func internal @__mlirc_host.k_interior_
// IR-SAME: mlirc.merges_blocks_in_x, mlirc.streams
// IR-LABEL: llvm.func internal @__mlirc_host.k_launch_form_
// IR-SAME: mlirc.merges_blocks_in_x, mlirc.streams
// IR: llvm.func internal @__mlirc_host.k_row_sums_{{[0-9a-f]+}}({{.*}}) attributes {mlirc.host_kernel = "k_row_sums_{{[0-9a-f]+}}", mlirc.merges_blocks_in_x, sym_visibility = "private"}
// IR: llvm.func internal @__mlirc_host.k_strided_{{[0-9a-f]+}}({{.*}}) attributes {mlirc.host_kernel = "k_strided_{{[0-9a-f]+}}", sym_visibility = "private"}
// IR: llvm.func internal @__mlirc_host.k_lanes_{{[0-9a-f]+}}({{.*}}) attributes {mlirc.host_kernel = "k_lanes_{{[0-9a-f]+}}", sym_visibility = "private"}

module attributes {gpu.container_module} {
  gpu.module @k {
    // out[z][y][x] = x + 1000 y + 1000000 z + 1 for x < w, marks out of range.
    gpu.func @ids(%w: index, %h: index, %out: memref<?x?x?xi64>) kernel {
      %x = gpu.global_id x
      %y = gpu.global_id y
      %z = gpu.global_id z
      %inx = arith.cmpi ult, %x, %w : index
      %iny = arith.cmpi ult, %y, %h : index
      %in = arith.andi %inx, %iny : i1
      scf.if %in {
        %c1000 = arith.constant 1000 : index
        %c1000000 = arith.constant 1000000 : index
        %c1 = arith.constant 1 : index
        %yy = arith.muli %y, %c1000 : index
        %zz = arith.muli %z, %c1000000 : index
        %s = arith.addi %x, %yy : index
        %t = arith.addi %s, %zz : index
        %u = arith.addi %t, %c1 : index
        %v = arith.index_cast %u : index to i64
        %old = memref.load %out[%z, %y, %x] : memref<?x?x?xi64>
        %nv = arith.addi %old, %v : i64
        memref.store %nv, %out[%z, %y, %x] : memref<?x?x?xi64>
      }
      gpu.return
    }
    // The interior of an n x n grid gets 1, the border stays 0.
    gpu.func @interior(%n: index, %out: memref<?x?xi32>) kernel {
      %c1 = arith.constant 1 : index
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
        %one = arith.constant 1 : i32
        %old = memref.load %out[%i, %j] : memref<?x?xi32>
        %new = arith.addi %old, %one : i32
        memref.store %new, %out[%i, %j] : memref<?x?xi32>
      }
      gpu.return
    }
    // x as gpu.launch bodies spell it: thread_id x + block_dim x * block_id x.
    gpu.func @launch_form(%n: index, %out: memref<?xi32>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %o = arith.muli %d, %b : index
      %x = arith.addi %t, %o : index
      %in = arith.cmpi ult, %x, %n : index
      scf.if %in {
        %one = arith.constant 1 : i32
        %old = memref.load %out[%x] : memref<?xi32>
        %new = arith.addi %old, %one : i32
        memref.store %new, %out[%x] : memref<?xi32>
      }
      gpu.return
    }
    // out[y][x] = (x + 1) * (sum of k < y + 1): a loop bounded by y.
    gpu.func @row_sums(%w: index, %out: memref<?x?xi64>) kernel {
      %x = gpu.global_id x
      %y = gpu.global_id y
      %in = arith.cmpi ult, %x, %w : index
      scf.if %in {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %y1 = arith.addi %y, %c1 : index
        %s = scf.for %k = %c0 to %y1 step %c1 iter_args(%a = %c0) -> index {
          %n = arith.addi %a, %k : index
          scf.yield %n : index
        }
        %x1 = arith.addi %x, %c1 : index
        %p = arith.muli %s, %x1 : index
        %v = arith.index_cast %p : index to i64
        memref.store %v, %out[%y, %x] : memref<?x?xi64>
      }
      gpu.return
    }
    // A loop that starts at the x id: not merged.
    gpu.func @strided(%n: index, %out: memref<?xi64>) kernel {
      %x = gpu.global_id x
      %c64 = arith.constant 64 : index
      scf.for %k = %x to %n step %c64 {
        %v = arith.index_cast %k : index to i64
        memref.store %v, %out[%k] : memref<?xi64>
      }
      gpu.return
    }
    // Reads thread_id x: runs one block per call.
    gpu.func @lanes(%out: memref<?xi64>) kernel {
      %x = gpu.global_id x
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c100 = arith.constant 100 : index
      %bb = arith.muli %b, %c100 : index
      %s = arith.addi %bb, %t : index
      %v = arith.index_cast %s : index to i64
      memref.store %v, %out[%x] : memref<?xi64>
      gpu.return
    }
  }

  // Launches @ids on a grid of gx x gy x gz blocks of bx x by x bz threads
  // over a w x h x gz*bz array and counts the elements that are wrong.
  func.func @check_ids(%gx: index, %gy: index, %gz: index, %bx: index,
                       %by: index, %bz: index, %w: index, %h: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1000 = arith.constant 1000 : index
    %c1000000 = arith.constant 1000000 : index
    %zero = arith.constant 0 : i64
    %d = arith.muli %gz, %bz : index
    %out = gpu.alloc host_shared (%d, %h, %w) : memref<?x?x?xi64>
    scf.for %z = %c0 to %d step %c1 {
      scf.for %y = %c0 to %h step %c1 {
        scf.for %x = %c0 to %w step %c1 {
          memref.store %zero, %out[%z, %y, %x] : memref<?x?x?xi64>
        }
      }
    }
    gpu.launch_func @k::@ids blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz)
        args(%w : index, %h : index, %out : memref<?x?x?xi64>)
    %bad = scf.for %z = %c0 to %d step %c1 iter_args(%b0 = %c0) -> index {
      %b1 = scf.for %y = %c0 to %h step %c1 iter_args(%b2 = %b0) -> index {
        %b3 = scf.for %x = %c0 to %w step %c1 iter_args(%b4 = %b2) -> index {
          %yy = arith.muli %y, %c1000 : index
          %zz = arith.muli %z, %c1000000 : index
          %s = arith.addi %x, %yy : index
          %t = arith.addi %s, %zz : index
          %u = arith.addi %t, %c1 : index
          %want = arith.index_cast %u : index to i64
          %got = memref.load %out[%z, %y, %x] : memref<?x?x?xi64>
          %ok = arith.cmpi eq, %got, %want : i64
          %b5 = arith.addi %b4, %c1 : index
          %r = arith.select %ok, %b4, %b5 : index
          scf.yield %r : index
        }
        scf.yield %b3 : index
      }
      scf.yield %b1 : index
    }
    gpu.dealloc %out : memref<?x?x?xi64>
    return %bad : index
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c16 = arith.constant 16 : index
    %c17 = arith.constant 17 : index
    %c37 = arith.constant 37 : index
    %c100 = arith.constant 100 : index
    %c259 = arith.constant 259 : index
    %c300 = arith.constant 300 : index
    %c600 = arith.constant 600 : index
    // 37 x 3 blocks of 16x16 over 590 x 40: the last block of each row
    // partly out of range, rows merged 16 blocks at a time and then 5.
    %c40 = arith.constant 40 : index
    %c590 = arith.constant 590 : index
    %b1 = call @check_ids(%c37, %c3, %c1, %c16, %c16, %c1, %c590, %c40)
        : (index, index, index, index, index, index, index, index) -> index
    // CHECK: 0
    vector.print %b1 : index
    // Blocks of 7x5x2 threads, 100 x 2 x 3 blocks over 700 x 10 x 6.
    %c10 = arith.constant 10 : index
    %c700 = arith.constant 700 : index
    %b2 = call @check_ids(%c100, %c2, %c3, %c7, %c5, %c2, %c700, %c10)
        : (index, index, index, index, index, index, index, index) -> index
    // CHECK-NEXT: 0
    vector.print %b2 : index
    // One thread per block, 259 x 1 blocks over 259 x 1.
    %b3 = call @check_ids(%c259, %c1, %c1, %c1, %c1, %c1, %c259, %c1)
        : (index, index, index, index, index, index, index, index) -> index
    // CHECK-NEXT: 0
    vector.print %b3 : index

    // The interior of 100 x 100 in blocks of 16x16: 98 * 98 ones.
    %n = arith.constant 100 : index
    %grid = gpu.alloc host_shared (%n, %n) : memref<?x?xi32>
    %zero32 = arith.constant 0 : i32
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        memref.store %zero32, %grid[%i, %j] : memref<?x?xi32>
      }
    }
    %g = arith.constant 7 : index
    gpu.launch_func @k::@interior blocks in (%g, %g, %c1) threads in (%c16, %c16, %c1)
        args(%n : index, %grid : memref<?x?xi32>)
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero32) -> i32 {
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%r = %a) -> i32 {
        %v = memref.load %grid[%i, %j] : memref<?x?xi32>
        %s = arith.addi %r, %v : i32
        scf.yield %s : i32
      }
      scf.yield %row : i32
    }
    // CHECK-NEXT: 9604
    vector.print %sum : i32

    // 1000 elements in 126 blocks of 8 threads: each 1, once.
    %c1000 = arith.constant 1000 : index
    %c8 = arith.constant 8 : index
    %c126 = arith.constant 126 : index
    %ones = gpu.alloc host_shared (%c1000) : memref<?xi32>
    scf.for %i = %c0 to %c1000 step %c1 {
      memref.store %zero32, %ones[%i] : memref<?xi32>
    }
    gpu.launch_func @k::@launch_form blocks in (%c126, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%c1000 : index, %ones : memref<?xi32>)
    %once = scf.for %i = %c0 to %c1000 step %c1 iter_args(%a = %c0) -> index {
      %v = memref.load %ones[%i] : memref<?xi32>
      %one = arith.constant 1 : i32
      %is1 = arith.cmpi eq, %v, %one : i32
      %a1 = arith.addi %a, %c1 : index
      %s = arith.select %is1, %a1, %a : index
      scf.yield %s : index
    }
    // CHECK-NEXT: 1000
    vector.print %once : index

    // row_sums on 50 x 6 in blocks of 4x2, 13 x 3 of them: every element.
    %c6 = arith.constant 6 : index
    %c13 = arith.constant 13 : index
    %c4 = arith.constant 4 : index
    %c50w = arith.constant 50 : index
    %sums = gpu.alloc host_shared (%c6, %c50w) : memref<?x?xi64>
    gpu.launch_func @k::@row_sums blocks in (%c13, %c3, %c1) threads in (%c4, %c2, %c1)
        args(%c50w : index, %sums : memref<?x?xi64>)
    %wrong = scf.for %y = %c0 to %c6 step %c1 iter_args(%a = %c0) -> index {
      %r = scf.for %x = %c0 to %c50w step %c1 iter_args(%b = %a) -> index {
        %y1 = arith.addi %y, %c1 : index
        %t = arith.muli %y, %y1 : index
        %tri = arith.divui %t, %c2 : index
        %x1 = arith.addi %x, %c1 : index
        %want = arith.muli %tri, %x1 : index
        %wv = arith.index_cast %want : index to i64
        %got = memref.load %sums[%y, %x] : memref<?x?xi64>
        %ok = arith.cmpi eq, %got, %wv : i64
        %bn = arith.addi %b, %c1 : index
        %nb = arith.select %ok, %b, %bn : index
        scf.yield %nb : index
      }
      scf.yield %r : index
    }
    // CHECK-NEXT: 0
    vector.print %wrong : index
    // strided: 200 elements by 64 threads in blocks of 8.
    %c200 = arith.constant 200 : index
    %strided = gpu.alloc host_shared (%c200) : memref<?xi64>
    gpu.launch_func @k::@strided blocks in (%c8, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%c200 : index, %strided : memref<?xi64>)
    %c199 = arith.constant 199 : index
    %last = memref.load %strided[%c199] : memref<?xi64>
    // CHECK-NEXT: 199
    vector.print %last : i64

    // thread_id and block_id: 3 blocks of 17.
    %c51 = arith.constant 51 : index
    %lanes = gpu.alloc host_shared (%c51) : memref<?xi64>
    gpu.launch_func @k::@lanes blocks in (%c3, %c1, %c1) threads in (%c17, %c1, %c1)
        args(%lanes : memref<?xi64>)
    %l0 = memref.load %lanes[%c16] : memref<?xi64>
    %l1 = memref.load %lanes[%c17] : memref<?xi64>
    %c50 = arith.constant 50 : index
    %l2 = memref.load %lanes[%c50] : memref<?xi64>
    // CHECK-NEXT: 16
    // CHECK-NEXT: 100
    // CHECK-NEXT: 216
    vector.print %l0 : i64
    vector.print %l1 : i64
    vector.print %l2 : i64
    return
  }
}
