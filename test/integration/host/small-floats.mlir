// Arithmetic on the float types LLVM has no type for (f8E4M3FN, f8E5M2,
// f6E3M2FN, f4E2M1FN, f8E8M0FNU), through mlirc's APFloat runtime:
// arithmetic, comparisons, conversions, math functions (in f32), vectors,
// memory, and vector.print; f16, bf16 and f32 stay native.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
func.func @f8(%a: f8E4M3FN, %b: f8E4M3FN) -> f8E4M3FN {
  %s = arith.addf %a, %b : f8E4M3FN
  return %s : f8E4M3FN
}
// bf16 arithmetic is native, but x86 rounds f32 to bf16 through a
// compiler-rt function (__truncsfbf2) that GCC's runtime lacks.
func.func @bf16(%a: bf16, %b: bf16) -> bf16 {
  %p = arith.mulf %a, %b : bf16
  %s = math.sqrt %p : bf16
  return %s : bf16
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %a = arith.constant 1.4 : f8E4M3FN
  %b = arith.constant 2.2 : f8E4M3FN
  // 1.375 + 2.25, rounded to 3 bits of mantissa.
  // CHECK: 3.5
  %s = call @f8(%a, %b) : (f8E4M3FN, f8E4M3FN) -> f8E4M3FN
  vector.print %s : f8E4M3FN
  // 1.375 * 2.25 is 3.09375, and 3 in f8E4M3FN.
  // CHECK-NEXT: {{^}}3{{$}}
  %p = arith.mulf %a, %b : f8E4M3FN
  %pe = arith.extf %p : f8E4M3FN to f32
  vector.print %pe : f32
  // CHECK-NEXT: 0.625
  %d = arith.divf %a, %b : f8E4M3FN
  vector.print %d : f8E4M3FN
  // CHECK-NEXT: -1.375
  %n = arith.negf %a : f8E4M3FN
  vector.print %n : f8E4M3FN
  // CHECK-NEXT: 1
  %lt = arith.cmpf olt, %a, %b : f8E4M3FN
  vector.print %lt : i1
  // CHECK-NEXT: 0
  %ge = arith.cmpf oge, %a, %b : f8E4M3FN
  vector.print %ge : i1
  // CHECK-NEXT: {{^}}3{{$}}
  %i = arith.fptosi %s : f8E4M3FN to i32
  vector.print %i : i32
  // 300 is beyond f8E4M3FN's 3 bits: 288.
  // CHECK-NEXT: 288
  %k = arith.constant 300 : i32
  %kf = arith.sitofp %k : i32 to f8E4M3FN
  vector.print %kf : f8E4M3FN
  // CHECK-NEXT: 1.5
  %x = arith.constant 2.3 : f32
  %xt = arith.truncf %x : f32 to f8E5M2
  %sq = math.sqrt %xt : f8E5M2
  vector.print %sq : f8E5M2
  // CHECK-NEXT: 0.875
  %r = arith.remf %b, %a : f8E4M3FN
  vector.print %r : f8E4M3FN
  // 2 + 3 is 5, between f4E2M1FN's 4 and 6: 4, the even one.
  // CHECK-NEXT: {{^}}4{{$}}
  %f4a = arith.constant 2.0 : f4E2M1FN
  %f4b = arith.constant 3.0 : f4E2M1FN
  %f4 = arith.addf %f4a, %f4b : f4E2M1FN
  vector.print %f4 : f4E2M1FN
  // 3.5 * 3.5 is 12.25, 12 in f6E3M2FN; halved, 6.
  // CHECK-NEXT: {{^}}6{{$}}
  %f6 = arith.constant 3.5 : f6E3M2FN
  %f6s = arith.mulf %f6, %f6 : f6E3M2FN
  %f6m = arith.minimumf %f6s, %f6s : f6E3M2FN
  %two = arith.constant 2.0 : f6E3M2FN
  %f6d = arith.divf %f6m, %two : f6E3M2FN
  vector.print %f6d : f6E3M2FN
  // CHECK-NEXT: 64
  %e8 = arith.constant 8.0 : f8E8M0FNU
  %e8p = arith.mulf %e8, %e8 : f8E8M0FNU
  vector.print %e8p : f8E8M0FNU
  // CHECK-NEXT: ( 2.75, 4.5 )
  %v = arith.constant dense<[1.4, 2.2]> : vector<2xf8E4M3FN>
  %w = arith.addf %v, %v : vector<2xf8E4M3FN>
  vector.print %w : vector<2xf8E4M3FN>
  // CHECK-NEXT: 4.5
  %m = memref.alloc() : memref<2xf8E4M3FN>
  vector.store %w, %m[%c0] : memref<2xf8E4M3FN>, vector<2xf8E4M3FN>
  %c1 = arith.constant 1 : index
  %l = memref.load %m[%c1] : memref<2xf8E4M3FN>
  vector.print %l : f8E4M3FN
  memref.dealloc %m : memref<2xf8E4M3FN>
  // CHECK-NEXT: 2.25
  %h = arith.constant 1.5 : bf16
  %hh = arith.mulf %h, %h : bf16
  vector.print %hh : bf16
  // CHECK-NEXT: 3
  %b1 = arith.constant 2.0 : bf16
  %b2 = arith.constant 4.5 : bf16
  %bs = call @bf16(%b1, %b2) : (bf16, bf16) -> bf16
  vector.print %bs : bf16
  // An MX-scaled f8E4M3FN: 1.5 * 2^1.
  // CHECK-NEXT: 3
  %sv = arith.constant 1.5 : f8E4M3FN
  %ss = arith.constant 2.0 : f8E8M0FNU
  %sx = arith.scaling_extf %sv, %ss : f8E4M3FN, f8E8M0FNU to f32
  vector.print %sx : f32
  return
}
