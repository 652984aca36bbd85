// -fsanitize=runtime-verification: MLIR's runtime op verification checks
// what the ops require of their operands when the program runs (linalg
// operand sizes, memref bounds, casts to static shapes, tensor extracts).
// By default a failure is reported and the program goes on, as with
// mlirc's other checks; -fno-sanitize-recover stops at the first one and
// -fsanitize-trap traps without a report. Without the flag nothing is
// checked.
// RUN: %mlirc %s --offload-arch=%offload_arch -fsanitize=runtime-verification -o %t
// RUN: %t 2>&1 | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -fsanitize=runtime-verification -fno-sanitize-recover -o %t.abort
// RUN: not --crash %t.abort 2>&1 | FileCheck %s --check-prefix=ABORT
// RUN: %mlirc %s --offload-arch=%offload_arch -fsanitize=runtime-verification -fsanitize-trap -o %t.trap
// RUN: not --crash %t.trap 2>&1 | FileCheck %s --check-prefix=TRAP
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t.off
// RUN: %t.off 2>&1 | FileCheck %s --check-prefix=OFF

// CHECK: sizes agree
// CHECK-NOT: ERROR
// CHECK: sizes differ
// CHECK-NEXT: ERROR: Runtime op verification failed
// CHECK-NEXT: linalg.generic
// CHECK-NEXT: ^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size
// CHECK-NEXT: Location: loc("{{.*}}runtime-verification.mlir":[[@LINE+25]]:8)
// CHECK: index 2 of 3
// CHECK-NOT: ERROR
// CHECK: index 3 of 3
// CHECK-NEXT: ERROR: Runtime op verification failed
// CHECK-NEXT: memref.load
// CHECK-NEXT: ^ out-of-bounds access
// CHECK: cast to 3
// CHECK-NEXT: ERROR: Runtime op verification failed
// CHECK-NEXT: memref.cast
// CHECK: done

// ABORT: sizes differ
// ABORT-NEXT: ERROR: Runtime op verification failed
// ABORT-NOT: index 2 of 3

// A trap ends the program at once: nothing is reported, nothing flushed.
// TRAP-NOT: ERROR: Runtime op verification failed

// OFF: sizes differ
// OFF-NOT: ERROR
// OFF: done

#id = affine_map<(d0) -> (d0)>
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @load(%m: memref<?xi32>, %i: index) -> i32 {
  %v = memref.load %m[%i] : memref<?xi32>
  return %v : i32
}

func.func @cast(%m: memref<?xi32>) {
  %s = memref.cast %m : memref<?xi32> to memref<3xi32>
  return
}

func.func @main() {
  %t3 = arith.constant dense<1.0> : tensor<3xf32>
  %t2 = arith.constant dense<1.0> : tensor<2xf32>
  %d3 = tensor.cast %t3 : tensor<3xf32> to tensor<?xf32>
  %d2 = tensor.cast %t2 : tensor<2xf32> to tensor<?xf32>
  vector.print str "sizes agree\n"
  %r1 = func.call @add(%d3, %d3) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  vector.print str "sizes differ\n"
  %r2 = func.call @add(%d3, %d2) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>

  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc(%c4) : memref<?xi32>
  %sub = memref.subview %m[0] [%c3] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
  %sc = memref.cast %m : memref<?xi32> to memref<?xi32>
  vector.print str "index 2 of 3\n"
  %v = func.call @load(%sc, %c2) : (memref<?xi32>, index) -> i32
  %m3 = memref.alloc(%c3) : memref<?xi32>
  vector.print str "index 3 of 3\n"
  %w = func.call @load(%m3, %c3) : (memref<?xi32>, index) -> i32
  vector.print str "cast to 3\n"
  func.call @cast(%m) : (memref<?xi32>) -> ()
  vector.print str "done\n"
  memref.dealloc %m : memref<?xi32>
  memref.dealloc %m3 : memref<?xi32>
  return
}
