// The omp dialect in host code runs on the CPU's threads through libomp,
// lowered by MLIR's OpenMP translation: parallel regions with a thread
// count, worksharing loops (static and dynamic, collapsed, with declared
// reductions), critical, atomic, single, barrier, masked, ordered, tasks
// in a taskgroup, sections, simd, and an if clause (which Debian's libomp
// can run too). The results then go through a kernel, and threads launch
// kernels at the same time. Before, every omp op was an error ("cannot be compiled in host
// code").
// REQUIRES: openmp-runtime
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Compiled alone, the object links without -fopenmp, as a C object would
// with it: libomp is on every link, needed only by programs that call it.
// RUN: %mlirc -c %s --offload-arch=%offload_arch -o %t.o
// RUN: %mlirc %t.o --offload-arch=%offload_arch -o %t.linked && %t.linked | FileCheck %s

module attributes {gpu.container_module} {
  omp.critical.declare @sum_lock

  omp.declare_reduction @add_f64 : f64 init {
  ^bb0(%unused: f64):
    %zero = arith.constant 0.0 : f64
    omp.yield(%zero : f64)
  } combiner {
  ^bb0(%a: f64, %b: f64):
    %s = arith.addf %a, %b : f64
    omp.yield(%s : f64)
  }

  omp.declare_reduction @max_i64 : i64 init {
  ^bb0(%unused: i64):
    %lowest = arith.constant -9223372036854775808 : i64
    omp.yield(%lowest : i64)
  } combiner {
  ^bb0(%a: i64, %b: i64):
    %m = arith.maxsi %a, %b : i64
    omp.yield(%m : i64)
  }

  gpu.module @kernels {
    gpu.func @fill(%data: memref<?xi32>, %value: i32) kernel {
      %i = gpu.global_id x
      memref.store %value, %data[%i] : memref<?xi32>
      gpu.return
    }

    gpu.func @negate(%data: memref<64xi32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %data[%i] : memref<64xi32>
      %zero = arith.constant 0 : i32
      %n = arith.subi %zero, %v : i32
      memref.store %n, %data[%i] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @pointer(%m: memref<i32>) -> !llvm.ptr {
    %p = memref.extract_aligned_pointer_as_index %m : memref<i32> -> index
    %i = arith.index_cast %p : index to i64
    %ptr = llvm.inttoptr %i : i64 to !llvm.ptr
    return %ptr : !llvm.ptr
  }

  llvm.func @omp_get_num_threads() -> i32
  llvm.func @omp_get_thread_num() -> i32

  func.func @team_if(%condition: i1) {
    %three = arith.constant 3 : i32
    %zero = arith.constant 0 : i32
    omp.parallel if(%condition) num_threads(%three : i32) {
      %team = llvm.call @omp_get_num_threads() : () -> i32
      %me = llvm.call @omp_get_thread_num() : () -> i32
      %first = arith.cmpi eq, %me, %zero : i32
      scf.if %first {
        scf.if %condition {
          vector.print str "if true: "
        } else {
          vector.print str "if false: "
        }
        vector.print %team : i32
      }
      omp.terminator
    }
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c10 = arith.constant 10 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %c100 = arith.constant 100 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %four = arith.constant 4 : i32

    // Four threads: each counts itself atomically, then after a barrier
    // they share a dynamically scheduled loop whose sum is kept under a
    // named critical section; one of them counts in a single region.
    %threads = memref.alloca() : memref<i32>
    %sum = memref.alloca() : memref<i32>
    %singles = memref.alloca() : memref<i32>
    memref.store %zero, %threads[] : memref<i32>
    memref.store %zero, %sum[] : memref<i32>
    memref.store %zero, %singles[] : memref<i32>
    %squares = memref.alloc() : memref<64xi32>
    %counter = func.call @pointer(%threads) : (memref<i32>) -> !llvm.ptr
    omp.parallel num_threads(%four : i32) {
      omp.atomic.update %counter : !llvm.ptr {
      ^bb0(%x: i32):
        %y = arith.addi %x, %one : i32
        omp.yield(%y : i32)
      }
      omp.barrier
      omp.wsloop schedule(dynamic) {
        omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c1) {
          %ii = arith.index_cast %i : index to i32
          %sq = arith.muli %ii, %ii : i32
          memref.store %sq, %squares[%i] : memref<64xi32>
          omp.critical(@sum_lock) {
            %s = memref.load %sum[] : memref<i32>
            %t = arith.addi %s, %ii : i32
            memref.store %t, %sum[] : memref<i32>
            omp.terminator
          }
          omp.yield
        }
      }
      omp.single {
        %s = memref.load %singles[] : memref<i32>
        %t = arith.addi %s, %one : i32
        memref.store %t, %singles[] : memref<i32>
        omp.terminator
      }
      omp.terminator
    }
    // CHECK: threads 4
    // CHECK-NEXT: sum 2016
    // CHECK-NEXT: singles 1
    %nthreads = memref.load %threads[] : memref<i32>
    vector.print str "threads "
    vector.print %nthreads : i32
    %nsum = memref.load %sum[] : memref<i32>
    vector.print str "sum "
    vector.print %nsum : i32
    %nsingles = memref.load %singles[] : memref<i32>
    vector.print str "singles "
    vector.print %nsingles : i32

    // A collapsed 10x100 loop with two declared reductions.
    %size = arith.constant 1 : i64
    %total = llvm.alloca %size x f64 : (i64) -> !llvm.ptr
    %largest = llvm.alloca %size x i64 : (i64) -> !llvm.ptr
    %f0 = arith.constant 0.0 : f64
    %i0 = arith.constant 0 : i64
    llvm.store %f0, %total : f64, !llvm.ptr
    llvm.store %i0, %largest : i64, !llvm.ptr
    %products = memref.alloc() : memref<10x100xf32>
    omp.parallel {
      omp.wsloop reduction(@add_f64 %total -> %t, @max_i64 %largest -> %l : !llvm.ptr, !llvm.ptr) {
        omp.loop_nest (%i, %j) : index = (%c0, %c0) to (%c10, %c100) step (%c1, %c1) collapse(2) {
          %ii = arith.index_cast %i : index to i64
          %jj = arith.index_cast %j : index to i64
          %k = arith.muli %ii, %jj : i64
          %kf = arith.sitofp %k : i64 to f64
          %old = llvm.load %t : !llvm.ptr -> f64
          %new = arith.addf %old, %kf : f64
          llvm.store %new, %t : f64, !llvm.ptr
          %oldmax = llvm.load %l : !llvm.ptr -> i64
          %newmax = arith.maxsi %oldmax, %k : i64
          llvm.store %newmax, %l : i64, !llvm.ptr
          %k32 = arith.sitofp %k : i64 to f32
          memref.store %k32, %products[%i, %j] : memref<10x100xf32>
          omp.yield
        }
      }
      omp.terminator
    }
    // CHECK-NEXT: total 222750
    // CHECK-NEXT: largest 891
    %vtotal = llvm.load %total : !llvm.ptr -> f64
    vector.print str "total "
    vector.print %vtotal : f64
    %vlargest = llvm.load %largest : !llvm.ptr -> i64
    vector.print str "largest "
    vector.print %vlargest : i64

    // Two tasks in a taskgroup, made by one thread.
    %results = memref.alloc() : memref<2xi64>
    omp.parallel {
      omp.single {
        omp.taskgroup {
          omp.task {
            %v = arith.constant 11 : i64
            memref.store %v, %results[%c0] : memref<2xi64>
            omp.terminator
          }
          omp.task {
            %v = arith.constant 22 : i64
            memref.store %v, %results[%c1] : memref<2xi64>
            omp.terminator
          }
          omp.terminator
        }
        omp.taskwait
        omp.terminator
      }
      omp.terminator
    }
    // CHECK-NEXT: tasks 11 22
    %r0 = memref.load %results[%c0] : memref<2xi64>
    %r1 = memref.load %results[%c1] : memref<2xi64>
    vector.print str "tasks "
    vector.print %r0 : i64 punctuation <no_punctuation>
    vector.print str " "
    vector.print %r1 : i64

    // Sections, and a simd loop copying a row.
    %parts = memref.alloc() : memref<2xi32>
    omp.parallel {
      omp.sections {
        omp.section {
          %v = arith.constant 5 : i32
          memref.store %v, %parts[%c0] : memref<2xi32>
          omp.terminator
        }
        omp.section {
          %v = arith.constant 7 : i32
          memref.store %v, %parts[%c1] : memref<2xi32>
          omp.terminator
        }
        omp.terminator
      }
      omp.terminator
    }
    %row = memref.alloc() : memref<100xf32>
    omp.simd {
      omp.loop_nest (%j) : index = (%c0) to (%c100) step (%c1) {
        %x = memref.load %products[%c2, %j] : memref<10x100xf32>
        memref.store %x, %row[%j] : memref<100xf32>
        omp.yield
      }
    }
    // CHECK-NEXT: sections 5 7
    // CHECK-NEXT: row 198
    %p0 = memref.load %parts[%c0] : memref<2xi32>
    %p1 = memref.load %parts[%c1] : memref<2xi32>
    vector.print str "sections "
    vector.print %p0 : i32 punctuation <no_punctuation>
    vector.print str " "
    vector.print %p1 : i32
    %c99 = arith.constant 99 : index
    %last = memref.load %row[%c99] : memref<100xf32>
    vector.print str "row "
    vector.print %last : f32

    // An ordered loop prints in iteration order; masked runs on thread 0.
    // CHECK-NEXT: 0
    // CHECK-NEXT: 1
    // CHECK-NEXT: 2
    // CHECK-NEXT: 3
    // CHECK-NEXT: masked
    %c4 = arith.constant 4 : index
    omp.parallel {
      omp.wsloop ordered(0) {
        omp.loop_nest (%i) : index = (%c0) to (%c4) step (%c1) {
          omp.ordered.region {
            vector.print %i : index
            omp.terminator
          }
          omp.yield
        }
      }
      omp.masked {
        vector.print str "masked\n"
        omp.terminator
      }
      omp.terminator
    }

    // A parallel region with an if clause: a team of one when it is
    // false, as many as num_threads asks when it is true.
    // CHECK-NEXT: if false: 1
    // CHECK-NEXT: if true: 3
    %false = arith.constant false
    %true = arith.constant true
    func.call @team_if(%false) : (i1) -> ()
    func.call @team_if(%true) : (i1) -> ()

    // The squares through a kernel.
    // CHECK-NEXT: kernel 0 -3969
    %device = gpu.alloc () : memref<64xi32>
    gpu.memcpy %device, %squares : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@negate blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%device : memref<64xi32>)
    gpu.memcpy %squares, %device : memref<64xi32>, memref<64xi32>
    gpu.dealloc %device : memref<64xi32>
    %first = memref.load %squares[%c0] : memref<64xi32>
    %lastsq = memref.load %squares[%c63] : memref<64xi32>
    vector.print str "kernel "
    vector.print %first : i32 punctuation <no_punctuation>
    vector.print str " "
    vector.print %lastsq : i32

    // Four threads launch at the same time, each with its own arguments
    // (their slots were the function's, shared by every thread, before),
    // and copy the result to their part of one host buffer.
    // CHECK-NEXT: launches 114688
    %c8 = arith.constant 8 : index
    %c4096 = arith.constant 4096 : index
    %c32768 = arith.constant 32768 : index
    %everyone = memref.alloc(%c32768) : memref<?xi32>
    omp.parallel num_threads(%four : i32) {
      omp.wsloop {
        omp.loop_nest (%t) : index = (%c0) to (%c8) step (%c1) {
          scf.for %repeat = %c0 to %c10 step %c1 {
            %part = gpu.alloc (%c4096) : memref<?xi32>
            %value = arith.index_cast %t : index to i32
            gpu.launch_func @kernels::@fill blocks in (%c64, %c1, %c1) threads in (%c64, %c1, %c1) args(%part : memref<?xi32>, %value : i32)
            %start = arith.muli %t, %c4096 : index
            %mine = memref.subview %everyone[%start] [%c4096] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
            gpu.memcpy %mine, %part : memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>
            gpu.dealloc %part : memref<?xi32>
          }
          omp.yield
        }
      }
      omp.terminator
    }
    %launched = scf.for %i = %c0 to %c32768 step %c1 iter_args(%acc = %c0) -> index {
      %v = memref.load %everyone[%i] : memref<?xi32>
      %vi = arith.index_cast %v : i32 to index
      %next = arith.addi %acc, %vi : index
      scf.yield %next : index
    }
    vector.print str "launches "
    vector.print %launched : index
    memref.dealloc %everyone : memref<?xi32>

    memref.dealloc %squares : memref<64xi32>
    memref.dealloc %products : memref<10x100xf32>
    memref.dealloc %results : memref<2xi64>
    memref.dealloc %parts : memref<2xi32>
    memref.dealloc %row : memref<100xf32>
    return
  }
}
