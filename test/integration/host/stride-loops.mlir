// Grid- and block-stride loops: `for k = global_id x; k < n; k += s`. On
// the host target they become loops of trips the same in every thread
// (those every thread of the block makes, then the rest, guarded), run
// around a vectorized thread loop; each thread still runs its own
// iterations in order. Cases: a dot product whose n is no multiple of the
// grid (and smaller than one block), a block-stride loop from thread_id x,
// a loop without carried values, a constant step smaller than the block,
// and n = 0.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -O0 -o %t0 && %t0 | FileCheck %s
// Sum of k * k for k < 1000, and for k < 5.
// CHECK: 332833500
// CHECK-NEXT: 30
// Block-stride sums of 1..n per block, n = 100: 5050 in each of 3 blocks.
// CHECK:      [5050,  5050,  5050]
// Every k below 37 written once (2k + 1), the rest still -1.
// CHECK:      [1,  3,  5,  7,  9,  11,  13,  15,  17,  19,  21,  23,  25,  27,  29,  31,  33,  35,  37,  39,  41,  43,  45,  47,  49,  51,  53,  55,  57,  59,  61,  63,  65,  67,  69,  71,  73,  -1,  -1,  -1]
// Step 3 (below the block's 8 threads): thread t visits t, t + 3, ...,
// so k below 40 is counted by each thread t <= min(k, 7) with t = k mod 3.
// CHECK:      [1,  1,  1,  2,  2,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3,  3,  2,  3]
// n = 0: nothing.
// CHECK:      {{^}}0{{$}}
module attributes {gpu.container_module} {
  func.func private @printMemrefI64(memref<*xi64>)

  gpu.module @kernels {
    // Each thread sums k * k over its k, then adds its sum atomically.
    gpu.func @squares(%n: index, %out: memref<1xi64>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i64
      %i = gpu.global_id x
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim x
      %stride = arith.muli %bd, %gd : index
      %sum = scf.for %k = %i to %n step %stride iter_args(%acc = %zero) -> i64 {
        %ki = arith.index_cast %k : index to i64
        %sq = arith.muli %ki, %ki : i64
        %s = arith.addi %acc, %sq : i64
        scf.yield %s : i64
      }
      %old = memref.atomic_rmw addi %sum, %out[%c0] : (i64, memref<1xi64>) -> i64
      gpu.return
    }
    // Block b sums 1..n with its threads, k from thread_id x by block_dim.
    gpu.func @perBlock(%n: index, %out: memref<3xi64>) kernel {
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i64
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %bd = gpu.block_dim x
      %sum = scf.for %k = %t to %n step %bd iter_args(%acc = %zero) -> i64 {
        %k1 = arith.addi %k, %c1 : index
        %ki = arith.index_cast %k1 : index to i64
        %s = arith.addi %acc, %ki : i64
        scf.yield %s : i64
      }
      %old = memref.atomic_rmw addi %sum, %out[%b] : (i64, memref<3xi64>) -> i64
      gpu.return
    }
    gpu.func @write(%n: index, %out: memref<40xi64>) kernel {
      %c1 = arith.constant 1 : i64
      %c2 = arith.constant 2 : i64
      %i = gpu.global_id x
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim x
      %stride = arith.muli %bd, %gd : index
      scf.for %k = %i to %n step %stride {
        %ki = arith.index_cast %k : index to i64
        %d = arith.muli %ki, %c2 : i64
        %v = arith.addi %d, %c1 : i64
        memref.store %v, %out[%k] : memref<40xi64>
      }
      gpu.return
    }
    gpu.func @overlap(%n: index, %out: memref<40xi64>) kernel {
      %c3 = arith.constant 3 : index
      %one = arith.constant 1 : i64
      %t = gpu.thread_id x
      scf.for %k = %t to %n step %c3 {
        %old = memref.atomic_rmw addi %one, %out[%k] : (i64, memref<40xi64>) -> i64
      }
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c37 = arith.constant 37 : index
    %c40 = arith.constant 40 : index
    %c100 = arith.constant 100 : index
    %c1000 = arith.constant 1000 : index
    %zero = arith.constant 0 : i64
    %minus = arith.constant -1 : i64

    %one = gpu.alloc() : memref<1xi64>
    %h1 = memref.alloc() : memref<1xi64>
    memref.store %zero, %h1[%c0] : memref<1xi64>
    gpu.memcpy %one, %h1 : memref<1xi64>, memref<1xi64>
    gpu.launch_func @kernels::@squares blocks in (%c3, %c1, %c1)
        threads in (%c16, %c1, %c1) args(%c1000 : index, %one : memref<1xi64>)
    gpu.memcpy %h1, %one : memref<1xi64>, memref<1xi64>
    %s1 = memref.load %h1[%c0] : memref<1xi64>
    vector.print %s1 : i64
    memref.store %zero, %h1[%c0] : memref<1xi64>
    gpu.memcpy %one, %h1 : memref<1xi64>, memref<1xi64>
    gpu.launch_func @kernels::@squares blocks in (%c3, %c1, %c1)
        threads in (%c16, %c1, %c1) args(%c5 : index, %one : memref<1xi64>)
    gpu.memcpy %h1, %one : memref<1xi64>, memref<1xi64>
    %s2 = memref.load %h1[%c0] : memref<1xi64>
    vector.print %s2 : i64

    %three = gpu.alloc() : memref<3xi64>
    %h3 = memref.alloc() : memref<3xi64>
    linalg.fill ins(%zero : i64) outs(%h3 : memref<3xi64>)
    gpu.memcpy %three, %h3 : memref<3xi64>, memref<3xi64>
    gpu.launch_func @kernels::@perBlock blocks in (%c3, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%c100 : index, %three : memref<3xi64>)
    gpu.memcpy %h3, %three : memref<3xi64>, memref<3xi64>
    %u3 = memref.cast %h3 : memref<3xi64> to memref<*xi64>
    call @printMemrefI64(%u3) : (memref<*xi64>) -> ()

    %forty = gpu.alloc() : memref<40xi64>
    %h40 = memref.alloc() : memref<40xi64>
    linalg.fill ins(%minus : i64) outs(%h40 : memref<40xi64>)
    gpu.memcpy %forty, %h40 : memref<40xi64>, memref<40xi64>
    gpu.launch_func @kernels::@write blocks in (%c3, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%c37 : index, %forty : memref<40xi64>)
    gpu.memcpy %h40, %forty : memref<40xi64>, memref<40xi64>
    %u40 = memref.cast %h40 : memref<40xi64> to memref<*xi64>
    call @printMemrefI64(%u40) : (memref<*xi64>) -> ()

    linalg.fill ins(%zero : i64) outs(%h40 : memref<40xi64>)
    gpu.memcpy %forty, %h40 : memref<40xi64>, memref<40xi64>
    gpu.launch_func @kernels::@overlap blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%c40 : index, %forty : memref<40xi64>)
    gpu.memcpy %h40, %forty : memref<40xi64>, memref<40xi64>
    call @printMemrefI64(%u40) : (memref<*xi64>) -> ()

    memref.store %zero, %h1[%c0] : memref<1xi64>
    gpu.memcpy %one, %h1 : memref<1xi64>, memref<1xi64>
    gpu.launch_func @kernels::@squares blocks in (%c3, %c1, %c1)
        threads in (%c16, %c1, %c1) args(%c0 : index, %one : memref<1xi64>)
    gpu.memcpy %h1, %one : memref<1xi64>, memref<1xi64>
    %s3 = memref.load %h1[%c0] : memref<1xi64>
    vector.print %s3 : i64
    return
  }
}
