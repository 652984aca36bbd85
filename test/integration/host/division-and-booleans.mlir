// Rounding divisions and integer ops on i1, on values a kernel loads:
// ceildivsi, ceildivui and floordivsi, which Vulkan computes through MLIR's
// arith-expand patterns, and add, sub, mul, min, max, ordered comparisons,
// rem and div of i1, which it computes as logic (SPIR-V's integer
// instructions take 8 bits and more). As signed i1 values true is -1.
// In order: ceildivsi(7, 2), ceildivsi(-7, 2), floordivsi(-7, 2),
// floordivsi(7, -2), ceildivui(7, 2), ceildivsi(0, -2); with t = true and
// f = false: t + t, t + f, f - t, t * f, t * t, maxsi(t, f), minsi(t, f),
// maxui(t, f), minui(t, f), t <s f, t <u f, f >=s t, t >u f, t <=s t,
// t == f, t %u t, t /u t.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [4,  -3,  -4,  -4,  4,  0,  0,  1,  1,  0,  1,  0,  1,  1,  0,  1,  0,  1,  1,  1,  0,  0,  1]
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %c18 = arith.constant 18 : index
  %c19 = arith.constant 19 : index
  %c20 = arith.constant 20 : index
  %c21 = arith.constant 21 : index
  %c22 = arith.constant 22 : index
  %in = gpu.alloc host_shared () : memref<6xi32>
  %out = gpu.alloc host_shared () : memref<32xi32>
  %values = arith.constant dense<[7, -7, 2, -2, 0, 1]> : vector<6xi32>
  vector.store %values, %in[%c0] : memref<6xi32>, vector<6xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %p7 = memref.load %in[%c0] : memref<6xi32>
    %m7 = memref.load %in[%c1] : memref<6xi32>
    %p2 = memref.load %in[%c2] : memref<6xi32>
    %m2 = memref.load %in[%c3] : memref<6xi32>
    %zero = memref.load %in[%c4] : memref<6xi32>
    %one = memref.load %in[%c5] : memref<6xi32>
    %t = arith.cmpi ne, %one, %zero : i32
    %f = arith.cmpi eq, %one, %zero : i32
    %r0 = arith.ceildivsi %p7, %p2 : i32
    memref.store %r0, %out[%c0] : memref<32xi32>
    %r1 = arith.ceildivsi %m7, %p2 : i32
    memref.store %r1, %out[%c1] : memref<32xi32>
    %r2 = arith.floordivsi %m7, %p2 : i32
    memref.store %r2, %out[%c2] : memref<32xi32>
    %r3 = arith.floordivsi %p7, %m2 : i32
    memref.store %r3, %out[%c3] : memref<32xi32>
    %r4 = arith.ceildivui %p7, %p2 : i32
    memref.store %r4, %out[%c4] : memref<32xi32>
    %r5 = arith.ceildivsi %zero, %m2 : i32
    memref.store %r5, %out[%c5] : memref<32xi32>
    %r6 = arith.addi %t, %t : i1
    %e6 = arith.extui %r6 : i1 to i32
    memref.store %e6, %out[%c6] : memref<32xi32>
    %r7 = arith.addi %t, %f : i1
    %e7 = arith.extui %r7 : i1 to i32
    memref.store %e7, %out[%c7] : memref<32xi32>
    %r8 = arith.subi %f, %t : i1
    %e8 = arith.extui %r8 : i1 to i32
    memref.store %e8, %out[%c8] : memref<32xi32>
    %r9 = arith.muli %t, %f : i1
    %e9 = arith.extui %r9 : i1 to i32
    memref.store %e9, %out[%c9] : memref<32xi32>
    %r10 = arith.muli %t, %t : i1
    %e10 = arith.extui %r10 : i1 to i32
    memref.store %e10, %out[%c10] : memref<32xi32>
    %r11 = arith.maxsi %t, %f : i1
    %e11 = arith.extui %r11 : i1 to i32
    memref.store %e11, %out[%c11] : memref<32xi32>
    %r12 = arith.minsi %t, %f : i1
    %e12 = arith.extui %r12 : i1 to i32
    memref.store %e12, %out[%c12] : memref<32xi32>
    %r13 = arith.maxui %t, %f : i1
    %e13 = arith.extui %r13 : i1 to i32
    memref.store %e13, %out[%c13] : memref<32xi32>
    %r14 = arith.minui %t, %f : i1
    %e14 = arith.extui %r14 : i1 to i32
    memref.store %e14, %out[%c14] : memref<32xi32>
    %r15 = arith.cmpi slt, %t, %f : i1
    %e15 = arith.extui %r15 : i1 to i32
    memref.store %e15, %out[%c15] : memref<32xi32>
    %r16 = arith.cmpi ult, %t, %f : i1
    %e16 = arith.extui %r16 : i1 to i32
    memref.store %e16, %out[%c16] : memref<32xi32>
    %r17 = arith.cmpi sge, %f, %t : i1
    %e17 = arith.extui %r17 : i1 to i32
    memref.store %e17, %out[%c17] : memref<32xi32>
    %r18 = arith.cmpi ugt, %t, %f : i1
    %e18 = arith.extui %r18 : i1 to i32
    memref.store %e18, %out[%c18] : memref<32xi32>
    %r19 = arith.cmpi sle, %t, %t : i1
    %e19 = arith.extui %r19 : i1 to i32
    memref.store %e19, %out[%c19] : memref<32xi32>
    %r20 = arith.cmpi eq, %t, %f : i1
    %e20 = arith.extui %r20 : i1 to i32
    memref.store %e20, %out[%c20] : memref<32xi32>
    %r21 = arith.remui %t, %t : i1
    %e21 = arith.extui %r21 : i1 to i32
    memref.store %e21, %out[%c21] : memref<32xi32>
    %r22 = arith.divui %t, %t : i1
    %e22 = arith.extui %r22 : i1 to i32
    memref.store %e22, %out[%c22] : memref<32xi32>
    gpu.terminator
  }
  %view = memref.subview %out[0] [23] [1] : memref<32xi32> to memref<23xi32, strided<[1]>>
  %u = memref.cast %view : memref<23xi32, strided<[1]>> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
