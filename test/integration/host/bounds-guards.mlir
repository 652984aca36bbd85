// Kernels guarded by their thread's position, in the forms GPU code has:
// a stencil's interior (lower and upper bounds in x and y, the block size
// dividing nothing), a lower bound on thread_id x, signed and unsigned
// comparisons with negative limits, a condition on y alone, and one on the
// data. On the host target the bounds on x become the thread loop's range
// and the conditions on y empty it, so the body runs without a branch and
// vectorizes; every thread outside the guard must still do nothing.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -O0 -o %t0 && %t0 | FileCheck %s

// The interior of a 7x9 grid (rows 1 to 5, columns 1 to 7) gets 10 * row
// + column; the border stays -1.
// CHECK:      [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1]
// CHECK-NEXT: [-1,   11,   12,   13,   14,   15,   16,   17,   -1]
// CHECK-NEXT: [-1,   21,   22,   23,   24,   25,   26,   27,   -1]
// CHECK-NEXT: [-1,   31,   32,   33,   34,   35,   36,   37,   -1]
// CHECK-NEXT: [-1,   41,   42,   43,   44,   45,   46,   47,   -1]
// CHECK-NEXT: [-1,   51,   52,   53,   54,   55,   56,   57,   -1]
// CHECK-NEXT: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1]

// thread_id x >= 2 and global_id x < 11, in blocks of 4: columns 2, 3, 6,
// 7 and 10; row 0 only (thread_id y < 1), of two.
// CHECK:      [-1,   -1,   2,   3,   -1,   -1,   6,   7,   -1,   -1,   10,   -1]
// CHECK-NEXT: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1]

// Signed x >= -5: every thread; unsigned x >= -5 (huge), and signed x <
// INT32_MIN: none; unsigned
// x < -5: every thread; of those, the odd ones.
// CHECK:      [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11]
// CHECK-NEXT: [-1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1]
// CHECK-NEXT: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11]
// CHECK-NEXT: [-1,  1,  -1,  3,  -1,  5,  -1,  7,  -1,  9,  -1,  11]
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)

  gpu.module @kernels {
    gpu.func @interior(%rows: index, %cols: index, %out: memref<7x9xi32>) kernel {
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : index
      %j = gpu.global_id x
      %i = gpu.global_id y
      %lastRow = arith.subi %rows, %c1 : index
      %lastCol = arith.subi %cols, %c1 : index
      %i0 = arith.cmpi uge, %i, %c1 : index
      %i1 = arith.cmpi ult, %i, %lastRow : index
      %j0 = arith.cmpi sge, %j, %c1 : index
      %j1 = arith.cmpi slt, %j, %lastCol : index
      %ii = arith.andi %i0, %i1 : i1
      %jj = arith.andi %j0, %j1 : i1
      %inside = arith.andi %ii, %jj : i1
      scf.if %inside {
        %r = arith.muli %i, %c10 : index
        %v = arith.addi %r, %j : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %out[%i, %j] : memref<7x9xi32>
      }
      gpu.return
    }
    gpu.func @some(%n: index, %out: memref<2x12xi32>) kernel {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %j = gpu.global_id x
      %low = arith.cmpi ule, %c2, %tx : index
      %high = arith.cmpi ugt, %n, %j : index
      %row = arith.cmpi ult, %ty, %c1 : index
      %x = arith.andi %low, %high : i1
      %both = arith.andi %row, %x : i1
      scf.if %both {
        %vi = arith.index_cast %j : index to i32
        memref.store %vi, %out[%ty, %j] : memref<2x12xi32>
      }
      gpu.return
    }
    // Row 0: signed x >= limit; row 1: unsigned x >= limit, signed x <
    // limit; row 2:
    // unsigned x < limit; row 3: that and an odd x, per thread.
    gpu.func @signed(%limit: index, %out: memref<4x12xi32>) kernel {
      %c0 = arith.constant 0 : index
      %j = gpu.global_id x
      %in = arith.cmpi sge, %j, %limit : index
      scf.if %in {
        %vi = arith.index_cast %j : index to i32
        memref.store %vi, %out[%c0, %j] : memref<4x12xi32>
      }
      gpu.return
    }
    gpu.func @unsigned(%limit: index, %out: memref<4x12xi32>) kernel {
      %c1 = arith.constant 1 : index
      %j = gpu.global_id x
      %in = arith.cmpi uge, %j, %limit : index
      scf.if %in {
        %vi = arith.index_cast %j : index to i32
        memref.store %vi, %out[%c1, %j] : memref<4x12xi32>
      }
      gpu.return
    }
    gpu.func @none(%limit: index, %out: memref<4x12xi32>) kernel {
      %c1 = arith.constant 1 : index
      %j = gpu.global_id x
      %in = arith.cmpi slt, %j, %limit : index
      scf.if %in {
        %vi = arith.index_cast %j : index to i32
        memref.store %vi, %out[%c1, %j] : memref<4x12xi32>
      }
      gpu.return
    }
    gpu.func @below(%limit: index, %out: memref<4x12xi32>) kernel {
      %c2 = arith.constant 2 : index
      %j = gpu.global_id x
      %in = arith.cmpi ult, %j, %limit : index
      scf.if %in {
        %vi = arith.index_cast %j : index to i32
        memref.store %vi, %out[%c2, %j] : memref<4x12xi32>
      }
      gpu.return
    }
    gpu.func @odd(%limit: index, %out: memref<4x12xi32>) kernel {
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %j = gpu.global_id x
      %in = arith.cmpi ult, %j, %limit : index
      %bit = arith.andi %j, %c1 : index
      %odd = arith.cmpi eq, %bit, %c1 : index
      %both = arith.andi %odd, %in : i1
      scf.if %both {
        %vi = arith.index_cast %j : index to i32
        memref.store %vi, %out[%c3, %j] : memref<4x12xi32>
      }
      gpu.return
    }
  }

  func.func @fill(%m: memref<?x?xi32>) {
    %minus = arith.constant -1 : i32
    linalg.fill ins(%minus : i32) outs(%m : memref<?x?xi32>)
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c9 = arith.constant 9 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %neg = arith.constant -5 : index

    %grid = memref.alloc() : memref<7x9xi32>
    %gridD = memref.cast %grid : memref<7x9xi32> to memref<?x?xi32>
    call @fill(%gridD) : (memref<?x?xi32>) -> ()
    %g = gpu.alloc() : memref<7x9xi32>
    gpu.memcpy %g, %grid : memref<7x9xi32>, memref<7x9xi32>
    gpu.launch_func @kernels::@interior blocks in (%c3, %c3, %c1)
        threads in (%c4, %c3, %c1) args(%c7 : index, %c9 : index, %g : memref<7x9xi32>)
    gpu.memcpy %grid, %g : memref<7x9xi32>, memref<7x9xi32>
    %gridU = memref.cast %grid : memref<7x9xi32> to memref<*xi32>
    call @printMemrefI32(%gridU) : (memref<*xi32>) -> ()

    %two = memref.alloc() : memref<2x12xi32>
    %twoD = memref.cast %two : memref<2x12xi32> to memref<?x?xi32>
    call @fill(%twoD) : (memref<?x?xi32>) -> ()
    %t = gpu.alloc() : memref<2x12xi32>
    gpu.memcpy %t, %two : memref<2x12xi32>, memref<2x12xi32>
    gpu.launch_func @kernels::@some blocks in (%c3, %c1, %c1)
        threads in (%c4, %c2, %c1) args(%c11 : index, %t : memref<2x12xi32>)
    gpu.memcpy %two, %t : memref<2x12xi32>, memref<2x12xi32>
    %twoU = memref.cast %two : memref<2x12xi32> to memref<*xi32>
    call @printMemrefI32(%twoU) : (memref<*xi32>) -> ()

    %four = memref.alloc() : memref<4x12xi32>
    %fourD = memref.cast %four : memref<4x12xi32> to memref<?x?xi32>
    call @fill(%fourD) : (memref<?x?xi32>) -> ()
    %f = gpu.alloc() : memref<4x12xi32>
    gpu.memcpy %f, %four : memref<4x12xi32>, memref<4x12xi32>
    gpu.launch_func @kernels::@signed blocks in (%c3, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%neg : index, %f : memref<4x12xi32>)
    gpu.launch_func @kernels::@unsigned blocks in (%c3, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%neg : index, %f : memref<4x12xi32>)
    %min = arith.constant -2147483648 : index
    gpu.launch_func @kernels::@none blocks in (%c3, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%min : index, %f : memref<4x12xi32>)
    gpu.launch_func @kernels::@below blocks in (%c3, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%neg : index, %f : memref<4x12xi32>)
    gpu.launch_func @kernels::@odd blocks in (%c3, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%neg : index, %f : memref<4x12xi32>)
    gpu.memcpy %four, %f : memref<4x12xi32>, memref<4x12xi32>
    %fourU = memref.cast %four : memref<4x12xi32> to memref<*xi32>
    call @printMemrefI32(%fourU) : (memref<*xi32>) -> ()
    return
  }
}
