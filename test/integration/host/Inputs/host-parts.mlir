// Functions that do not refer to each other, each with its kernel, and two
// constructors listed in the opposite of their module order: the parts of
// a host module compiled in parallel (host-parts.test).
llvm.mlir.global_ctors ctors = [@second_in_module, @first_in_module],
    priorities = [65535 : i32, 65535 : i32], data = [#llvm.zero, #llvm.zero]

llvm.func @puts(!llvm.ptr) -> i32
llvm.mlir.global private constant @listed_first("constructor listed first\00")
llvm.mlir.global private constant @listed_second("constructor listed second\00")

llvm.func @first_in_module() {
  %text = llvm.mlir.addressof @listed_second : !llvm.ptr
  %0 = llvm.call @puts(%text) : (!llvm.ptr) -> i32
  llvm.return
}

func.func private @printMemrefF32(memref<*xf32>)

// y = a * iota + b, on 8 threads, then printed.
func.func @fill(%a: f32, %b: f32) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %y = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %f = arith.sitofp %i : i32 to f32
    %ax = arith.mulf %a, %f : f32
    %v = arith.addf %ax, %b : f32
    memref.store %v, %y[%tx] : memref<8xf32>
    gpu.terminator
  }
  %u = memref.cast %y : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %y : memref<8xf32>
  return
}

// The sum of 0..n-1 on one block of n threads, with an atomic.
func.func @sum(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %total = memref.alloc() : memref<1xi32>
  memref.store %zero, %total[%c0] : memref<1xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %old = memref.atomic_rmw addi %i, %total[%c0] : (i32, memref<1xi32>) -> i32
    gpu.terminator
  }
  %r = memref.load %total[%c0] : memref<1xi32>
  memref.dealloc %total : memref<1xi32>
  return %r : i32
}

// max(x, y) per element of two rows, kept in a global table.
memref.global "private" constant @table : memref<2x4xf32> = dense<[[1.0, 5.0, -2.0, 7.0], [3.0, 2.0, 0.5, 9.0]]>
func.func @row_max() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %out = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %t = memref.get_global @table : memref<2x4xf32>
    %x = memref.load %t[%c0, %tx] : memref<2x4xf32>
    %y = memref.load %t[%c1, %tx] : memref<2x4xf32>
    %m = arith.maximumf %x, %y : f32
    memref.store %m, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  return
}

llvm.func @second_in_module() {
  %text = llvm.mlir.addressof @listed_first : !llvm.ptr
  %0 = llvm.call @puts(%text) : (!llvm.ptr) -> i32
  llvm.return
}
