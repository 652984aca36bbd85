// omp.atomic.read, write, update and capture on memrefs of one element
// (memref<i32>, an element of a larger buffer through a subview, f64,
// index): each takes its element's address, as MLIR's OpenMP translation
// needs (a memref operand was an error at the op; a memref of more than
// one element still is, in pipeline/check-input.test). At -O0 too: MLIR's
// OpenMP translation loads the f64 an update changes with less alignment
// than its compare-and-swap states, which LLVM made a call of libatomic's
// __atomic_load (an undefined symbol at the link).
// REQUIRES: openmp-runtime
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc -O0 %s --offload-arch=%offload_arch -o %t.O0 && %t.O0 | FileCheck %s
// CHECK: count 1000
// CHECK-NEXT: sum 499500
// CHECK-NEXT: captured 1000
// CHECK-NEXT: neighbours 7 1000 9
// CHECK-NEXT: index 2000
// CHECK-NEXT: written 42 read 42
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %count = memref.alloca() : memref<i32>
  %sum = memref.alloca() : memref<f64>
  %last = memref.alloca() : memref<i32>
  %buffer = memref.alloca() : memref<3xi32>
  %indices = memref.alloca() : memref<1xindex>
  %zero = arith.constant 0 : i32
  %zerof = arith.constant 0.0 : f64
  %c7 = arith.constant 7 : i32
  %c9 = arith.constant 9 : i32
  memref.store %zero, %count[] : memref<i32>
  memref.store %zerof, %sum[] : memref<f64>
  memref.store %zero, %last[] : memref<i32>
  memref.store %c7, %buffer[%c0] : memref<3xi32>
  memref.store %zero, %buffer[%c1] : memref<3xi32>
  %c2 = arith.constant 2 : index
  memref.store %c9, %buffer[%c2] : memref<3xi32>
  memref.store %c0, %indices[%c0] : memref<1xindex>
  %middle = memref.subview %buffer[1] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1], offset: 1>>
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c1000) step (%c1) {
        omp.atomic.update %count : memref<i32> {
        ^bb0(%x: i32):
          %one = arith.constant 1 : i32
          %y = arith.addi %x, %one : i32
          omp.yield(%y : i32)
        }
        %ii = arith.index_cast %i : index to i64
        %fi = arith.sitofp %ii : i64 to f64
        omp.atomic.update %sum : memref<f64> {
        ^bb0(%x: f64):
          %y = arith.addf %x, %fi : f64
          omp.yield(%y : f64)
        }
        %old = memref.alloca() : memref<i32>
        omp.atomic.capture {
          omp.atomic.read %old = %middle : memref<i32>, memref<1xi32, strided<[1], offset: 1>>, i32
          omp.atomic.update %middle : memref<1xi32, strided<[1], offset: 1>> {
          ^bb0(%x: i32):
            %one = arith.constant 1 : i32
            %y = arith.addi %x, %one : i32
            omp.yield(%y : i32)
          }
          omp.terminator
        }
        %o = memref.load %old[] : memref<i32>
        %o1 = arith.constant 1 : i32
        %seen = arith.addi %o, %o1 : i32
        omp.atomic.update %last : memref<i32> {
        ^bb0(%x: i32):
          %y = arith.maxsi %x, %seen : i32
          omp.yield(%y : i32)
        }
        omp.atomic.update %indices : memref<1xindex> {
        ^bb0(%x: index):
          %y = arith.addi %x, %c2 : index
          omp.yield(%y : index)
        }
        omp.yield
      }
    }
    omp.terminator
  }
  %n = memref.load %count[] : memref<i32>
  vector.print str "count "
  vector.print %n : i32
  %s = memref.load %sum[] : memref<f64>
  vector.print str "sum "
  vector.print %s : f64
  %l = memref.load %last[] : memref<i32>
  vector.print str "captured "
  vector.print %l : i32
  %b0 = memref.load %buffer[%c0] : memref<3xi32>
  %b1 = memref.load %buffer[%c1] : memref<3xi32>
  %b2 = memref.load %buffer[%c2] : memref<3xi32>
  vector.print str "neighbours "
  vector.print %b0 : i32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %b1 : i32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %b2 : i32
  %ix = memref.load %indices[%c0] : memref<1xindex>
  vector.print str "index "
  vector.print %ix : index
  %w = memref.alloca() : memref<i32>
  %r = memref.alloca() : memref<i32>
  %c42 = arith.constant 42 : i32
  omp.atomic.write %w = %c42 : memref<i32>, i32
  omp.atomic.read %r = %w : memref<i32>, memref<i32>, i32
  %wv = memref.load %w[] : memref<i32>
  %rv = memref.load %r[] : memref<i32>
  vector.print str "written "
  vector.print %wv : i32 punctuation <no_punctuation>
  vector.print str " read "
  vector.print %rv : i32
  return
}
