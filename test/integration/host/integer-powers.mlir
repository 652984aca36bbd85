// math.ipowi, which MLIR lowers through outlined functions
// (convert-math-to-funcs), and math.fpowi, in host code and in kernels,
// scalar and vector, with negative exponents ((-1) ** -2 is 1, (-1) ** -3
// is -1, 2 ** -1 is 0). math.fpowi of vectors was an invalid
// llvm.intr.powi (LLVM's powi takes one exponent for all lanes).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: 1024
// CHECK-NEXT: 1
// CHECK-NEXT: -1
// CHECK-NEXT: 0
// CHECK-NEXT: ( 1, 9, 81, -27 )
// CHECK-NEXT: 0.0625
// CHECK-NEXT: ( ( 0.0625, -0.125 ), ( 9, 1 ) )
// CHECK: [1,  1,  4,  27,  256,  3125]
// CHECK: [1,  0.5,  0.25,  0.125,  0.0625,  0.03125]
// CHECK: {{\[}}[0.5,   1],
// CHECK-NEXT: [1,   -1],
// CHECK-NEXT: [2,   1],
// CHECK-NEXT: [4,   -1],
// CHECK-NEXT: [8,   1],
// CHECK-NEXT: [16,   -1]]
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @ipow(%b: i32, %e: i32) -> i32 {
  %r = math.ipowi %b, %e : i32
  return %r : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %two = arith.constant 2 : i32
  %ten = arith.constant 10 : i32
  %zero = arith.constant 0 : i32
  %m1 = arith.constant -1 : i32
  %m3 = arith.constant -3 : i32
  %a = call @ipow(%two, %ten) : (i32, i32) -> i32
  vector.print %a : i32
  %m2 = arith.constant -2 : i32
  %b = call @ipow(%m1, %m2) : (i32, i32) -> i32
  vector.print %b : i32
  %c = call @ipow(%m1, %m3) : (i32, i32) -> i32
  vector.print %c : i32
  %d = call @ipow(%two, %m1) : (i32, i32) -> i32
  vector.print %d : i32
  %vb = arith.constant dense<[1, 3, 9, -3]> : vector<4xi64>
  %ve = arith.constant dense<[5, 2, 2, 3]> : vector<4xi64>
  %vv = math.ipowi %vb, %ve : vector<4xi64>
  vector.print %vv : vector<4xi64>
  %half = arith.constant 0.5 : f32
  %three = arith.addi %two, %d : i32
  %e3 = arith.addi %three, %c : i32
  %e4 = arith.subi %e3, %m3 : i32
  %p = math.fpowi %half, %e4 : f32, i32
  vector.print %p : f32
  %mtwo = arith.constant -2.0 : f32
  %threef = arith.constant 3.0 : f32
  %oneh = arith.constant 1.5 : f32
  %vbases = vector.from_elements %half, %mtwo, %threef, %oneh : vector<2x2xf32>
  %vexps = vector.from_elements %e4, %m3, %two, %zero : vector<2x2xi32>
  %vp = math.fpowi %vbases, %vexps : vector<2x2xf32>, vector<2x2xi32>
  vector.print %vp : vector<2x2xf32>

  // In a kernel: i ** i and 2 ** -i per thread.
  %ints = memref.alloc() : memref<6xi64>
  %floats = memref.alloc() : memref<6xf32>
  %pairs = memref.alloc() : memref<6x2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c6, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i64
    %pi = math.ipowi %i, %i : i64
    memref.store %pi, %ints[%tx] : memref<6xi64>
    %i32 = arith.index_cast %tx : index to i32
    %neg = arith.subi %zero, %i32 : i32
    %twof = arith.constant 2.0 : f32
    %pf = math.fpowi %twof, %neg : f32, i32
    memref.store %pf, %floats[%tx] : memref<6xf32>
    // (2 ** (i - 1), (-1) ** i).
    %vbase = arith.constant dense<[2.0, -1.0]> : vector<2xf32>
    %before = arith.addi %i32, %m1 : i32
    %lanes = vector.from_elements %before, %i32 : vector<2xi32>
    %vpf = math.fpowi %vbase, %lanes : vector<2xf32>, vector<2xi32>
    vector.store %vpf, %pairs[%tx, %c0] : memref<6x2xf32>, vector<2xf32>
    gpu.terminator
  }
  %ui = memref.cast %ints : memref<6xi64> to memref<*xi64>
  call @printMemrefI64(%ui) : (memref<*xi64>) -> ()
  %uf = memref.cast %floats : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  %up2 = memref.cast %pairs : memref<6x2xf32> to memref<*xf32>
  call @printMemrefF32(%up2) : (memref<*xf32>) -> ()
  memref.dealloc %pairs : memref<6x2xf32>
  memref.dealloc %ints : memref<6xi64>
  memref.dealloc %floats : memref<6xf32>
  return
}
