// f16 on a CPU without F16C (the baseline x86-64), and bf16 on one without
// AVX512-BF16 or AVX-NE-CONVERT: mlirc computes them in f32 with inline
// conversions (ExpandHalfFloats) instead of LLVM's library calls, whose
// number made LLVM's two-address pass quadratic. The inline
// conversions must agree bit for bit with LLVM's own (compiler-rt's
// __extendhfsf2 and __truncsfhf2, reached here through llvm.fpext and
// llvm.fptrunc, which mlirc leaves alone): every f16 extended; f32 values
// on, between, halfway between and next to f16's, subnormals, overflow and
// NaNs truncated; and f16 arithmetic (each result rounded to f16) against
// LLVM's promotion of it, vector reductions and f64 truncation included;
// the same for bf16 (__truncsfbf2).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: extended differ: 0
// CHECK-NEXT: truncated differ: 0
// CHECK-NEXT: arithmetic differs: 0
// CHECK-NEXT: reductions differ: 0
// CHECK-NEXT: from f64 differ: 0
// CHECK-NEXT: ( 1, -2, 0.5, 65504, inf, 6.10352e-05, 5.96046e-08, 0 )
// CHECK-NEXT: bf16 extended differ: 0
// CHECK-NEXT: bf16 truncated differ: 0
// CHECK-NEXT: bf16 arithmetic differs: 0
// CHECK-NEXT: bf16 reductions differ: 0
// CHECK-NEXT: ( 1, 1, 1.00781, 3.38953e+38, inf, 9.18355e-41, 0, -3.38953e+38 )
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c65536 = arith.constant 65536 : index
  %c8 = arith.constant 8 : index
  %c65537 = arith.constant 65537 : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // Every f16: extended by mlirc and by LLVM.
  %ext = scf.for %i = %c0 to %c65536 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %bits = arith.trunci %i32 : i32 to i16
    %h = arith.bitcast %bits : i16 to f16
    %mine = arith.extf %h : f16 to f32
    %llvm = llvm.fpext %h : f16 to f32
    %d = func.call @differ(%mine, %llvm) : (f32, f32) -> i32
    %m = arith.addi %n, %d : i32
    scf.yield %m : i32
  }
  vector.print str "extended differ: "
  vector.print %ext : i32
  // f32 values around each f16 (as its f32 bits b, and b + 1, b - 1,
  // b + 0x1000 (halfway to the next f16 for normals), b + 0xfff,
  // b + 0x1001), and a sweep of all f32 exponents with odd mantissas.
  %offsets = arith.constant dense<[0, 1, -1, 4096, 4095, 4097, 8191]> : vector<7xi32>
  %trunc = scf.for %i = %c0 to %c65536 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %bits = arith.trunci %i32 : i32 to i16
    %h = arith.bitcast %bits : i16 to f16
    %f = llvm.fpext %h : f16 to f32
    %fb = arith.bitcast %f : f32 to i32
    %sweep = arith.muli %i32, %c65537 : i32
    %n2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %n) -> i32 {
      %c7 = arith.constant 7 : index
      %last = arith.cmpi eq, %k, %c7 : index
      %x = scf.if %last -> i32 {
        scf.yield %sweep : i32
      } else {
        %o = vector.extract %offsets[%k] : i32 from vector<7xi32>
        %s = arith.addi %fb, %o : i32
        scf.yield %s : i32
      }
      %xf = arith.bitcast %x : i32 to f32
      %mine = arith.truncf %xf : f32 to f16
      %llvm = llvm.fptrunc %xf : f32 to f16
      %mb = arith.bitcast %mine : f16 to i16
      %lb = arith.bitcast %llvm : f16 to i16
      %ne = arith.cmpi ne, %mb, %lb : i16
      %d = arith.extui %ne : i1 to i32
      %a = arith.addi %acc, %d : i32
      scf.yield %a : i32
    }
    scf.yield %n2 : i32
  }
  vector.print str "truncated differ: "
  vector.print %trunc : i32
  // f16 arithmetic on pairs of f16s spread over the range.
  %c4096 = arith.constant 4096 : index
  %arith = scf.for %i = %c0 to %c4096 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %c16 = arith.constant 16 : i32
    %c40503 = arith.constant 40503 : i32
    %p = arith.muli %i32, %c16 : i32
    %q = arith.muli %i32, %c40503 : i32
    %pb = arith.trunci %p : i32 to i16
    %qb = arith.trunci %q : i32 to i16
    %a = arith.bitcast %pb : i16 to f16
    %b = arith.bitcast %qb : i16 to f16
    %s1 = arith.addf %a, %b : f16
    %s2 = llvm.fadd %a, %b : f16
    %m1 = arith.mulf %a, %b : f16
    %m2 = llvm.fmul %a, %b : f16
    %q1 = arith.divf %a, %b : f16
    %q2 = llvm.fdiv %a, %b : f16
    %f1 = math.fma %a, %b, %a : f16
    %f2 = llvm.intr.fma(%a, %b, %a) : (f16, f16, f16) -> f16
    %r1 = math.sqrt %a : f16
    %r2 = llvm.intr.sqrt(%a) : (f16) -> f16
    %d1 = func.call @differ16(%s1, %s2) : (f16, f16) -> i32
    %d2 = func.call @differ16(%m1, %m2) : (f16, f16) -> i32
    %d3 = func.call @differ16(%q1, %q2) : (f16, f16) -> i32
    %d4 = func.call @differ16(%f1, %f2) : (f16, f16) -> i32
    %d5 = func.call @differ16(%r1, %r2) : (f16, f16) -> i32
    %t1 = arith.addi %n, %d1 : i32
    %t2 = arith.addi %t1, %d2 : i32
    %t3 = arith.addi %t2, %d3 : i32
    %t4 = arith.addi %t3, %d4 : i32
    %t5 = arith.addi %t4, %d5 : i32
    scf.yield %t5 : i32
  }
  vector.print str "arithmetic differs: "
  vector.print %arith : i32
  // Ordered reductions of four f16s, each step rounded to f16.
  %red = scf.for %i = %c0 to %c4096 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %c7919 = arith.constant 7919 : i32
    %base = arith.muli %i32, %c7919 : i32
    %v0 = vector.broadcast %base : i32 to vector<4xi32>
    %steps = arith.constant dense<[0, 1531, 3079, 4621]> : vector<4xi32>
    %mask = arith.constant dense<16383> : vector<4xi32>
    %ints = arith.addi %v0, %steps : vector<4xi32>
    %small = arith.andi %ints, %mask : vector<4xi32>
    %h16 = arith.trunci %small : vector<4xi32> to vector<4xi16>
    %v = arith.bitcast %h16 : vector<4xi16> to vector<4xf16>
    %s1 = vector.reduction <add>, %v : vector<4xf16> into f16
    %e0 = vector.extract %v[0] : f16 from vector<4xf16>
    %e1 = vector.extract %v[1] : f16 from vector<4xf16>
    %e2 = vector.extract %v[2] : f16 from vector<4xf16>
    %e3 = vector.extract %v[3] : f16 from vector<4xf16>
    %z = llvm.mlir.constant(0.0 : f16) : f16
    %a0 = llvm.fadd %z, %e0 : f16
    %a1 = llvm.fadd %a0, %e1 : f16
    %a2 = llvm.fadd %a1, %e2 : f16
    %s2 = llvm.fadd %a2, %e3 : f16
    %p1 = vector.reduction <mul>, %v, %e1 : vector<4xf16> into f16
    %b0 = llvm.fmul %e1, %e0 : f16
    %b1 = llvm.fmul %b0, %e1 : f16
    %b2 = llvm.fmul %b1, %e2 : f16
    %p2 = llvm.fmul %b2, %e3 : f16
    %d1 = func.call @differ16(%s1, %s2) : (f16, f16) -> i32
    %d2 = func.call @differ16(%p1, %p2) : (f16, f16) -> i32
    %t1 = arith.addi %n, %d1 : i32
    %t2 = arith.addi %t1, %d2 : i32
    scf.yield %t2 : i32
  }
  vector.print str "reductions differ: "
  vector.print %red : i32
  // f64 to f16 rounds once: 1 + 2^-11 + 2^-40 is just above the tie
  // between 1 and 1 + 2^-10 (so rounds up), but rounds to the tie in f32.
  %wide = arith.constant dense<[1.0, 1.00048828125, 1.0004882812509095, 0.99975585937500011, 65519.999, 65520.0, 2.98023223876953125e-08, 2.9802322387695314e-08]> : vector<8xf64>
  %w1 = arith.truncf %wide : vector<8xf64> to vector<8xf16>
  %w2 = llvm.fptrunc %wide : vector<8xf64> to vector<8xf16>
  %wb1 = arith.bitcast %w1 : vector<8xf16> to vector<8xi16>
  %wb2 = arith.bitcast %w2 : vector<8xf16> to vector<8xi16>
  %wne = arith.cmpi ne, %wb1, %wb2 : vector<8xi16>
  %wn = arith.extui %wne : vector<8xi1> to vector<8xi32>
  %wsum = vector.reduction <add>, %wn : vector<8xi32> into i32
  vector.print str "from f64 differ: "
  vector.print %wsum : i32
  // A few values through arith on vectors, printed.
  %vals = arith.constant dense<[1.0, -2.0, 0.5, 65504.0, 65520.0, 6.103515625e-05, 5.9604644775390625e-08, 2.0e-08]> : vector<8xf32>
  %vh = arith.truncf %vals : vector<8xf32> to vector<8xf16>
  %vx = arith.extf %vh : vector<8xf16> to vector<8xf32>
  vector.print %vx : vector<8xf32>
  call @bf16() : () -> ()
  return
}
func.func @bf16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c4096 = arith.constant 4096 : index
  %c65536 = arith.constant 65536 : index
  %zero = arith.constant 0 : i32
  %c65537 = arith.constant 65537 : i32
  %c16s = arith.constant 16 : i32
  %ext = scf.for %i = %c0 to %c65536 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %bits = arith.trunci %i32 : i32 to i16
    %h = arith.bitcast %bits : i16 to bf16
    %mine = arith.extf %h : bf16 to f32
    %llvm = llvm.fpext %h : bf16 to f32
    %d = func.call @differ(%mine, %llvm) : (f32, f32) -> i32
    %m = arith.addi %n, %d : i32
    scf.yield %m : i32
  }
  vector.print str "bf16 extended differ: "
  vector.print %ext : i32
  // Around each bf16's f32 bits: on it, next to it, halfway to the next
  // one (0x8000) and either side, and a sweep.
  %offsets = arith.constant dense<[0, 1, -1, 32768, 32767, 32769, 65535]> : vector<7xi32>
  %trunc = scf.for %i = %c0 to %c65536 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %fb = arith.shli %i32, %c16s : i32
    %sweep = arith.muli %i32, %c65537 : i32
    %n2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %n) -> i32 {
      %c7 = arith.constant 7 : index
      %last = arith.cmpi eq, %k, %c7 : index
      %x = scf.if %last -> i32 {
        scf.yield %sweep : i32
      } else {
        %o = vector.extract %offsets[%k] : i32 from vector<7xi32>
        %s = arith.addi %fb, %o : i32
        scf.yield %s : i32
      }
      %xf = arith.bitcast %x : i32 to f32
      %mine = arith.truncf %xf : f32 to bf16
      %llvm = llvm.fptrunc %xf : f32 to bf16
      %mb = arith.bitcast %mine : bf16 to i16
      %lb = arith.bitcast %llvm : bf16 to i16
      %ne = arith.cmpi ne, %mb, %lb : i16
      %d = arith.extui %ne : i1 to i32
      %a = arith.addi %acc, %d : i32
      scf.yield %a : i32
    }
    scf.yield %n2 : i32
  }
  vector.print str "bf16 truncated differ: "
  vector.print %trunc : i32
  %arith = scf.for %i = %c0 to %c4096 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %c16 = arith.constant 16 : i32
    %c40503 = arith.constant 40503 : i32
    %p = arith.muli %i32, %c16 : i32
    %q = arith.muli %i32, %c40503 : i32
    %pb = arith.trunci %p : i32 to i16
    %qb = arith.trunci %q : i32 to i16
    %a = arith.bitcast %pb : i16 to bf16
    %b = arith.bitcast %qb : i16 to bf16
    %s1 = arith.addf %a, %b : bf16
    %s2 = llvm.fadd %a, %b : bf16
    %m1 = arith.mulf %a, %b : bf16
    %m2 = llvm.fmul %a, %b : bf16
    %q1 = arith.divf %a, %b : bf16
    %q2 = llvm.fdiv %a, %b : bf16
    %r1 = math.sqrt %a : bf16
    %r2 = llvm.intr.sqrt(%a) : (bf16) -> bf16
    %d1 = func.call @differ16b(%s1, %s2) : (bf16, bf16) -> i32
    %d2 = func.call @differ16b(%m1, %m2) : (bf16, bf16) -> i32
    %d3 = func.call @differ16b(%q1, %q2) : (bf16, bf16) -> i32
    %d4 = func.call @differ16b(%r1, %r2) : (bf16, bf16) -> i32
    %t1 = arith.addi %n, %d1 : i32
    %t2 = arith.addi %t1, %d2 : i32
    %t3 = arith.addi %t2, %d3 : i32
    %t4 = arith.addi %t3, %d4 : i32
    scf.yield %t4 : i32
  }
  vector.print str "bf16 arithmetic differs: "
  vector.print %arith : i32
  %red = scf.for %i = %c0 to %c4096 step %c1 iter_args(%n = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %c7919 = arith.constant 7919 : i32
    %base = arith.muli %i32, %c7919 : i32
    %v0 = vector.broadcast %base : i32 to vector<4xi32>
    %steps = arith.constant dense<[0, 1531, 3079, 4621]> : vector<4xi32>
    %mask = arith.constant dense<16383> : vector<4xi32>
    %bias = arith.constant dense<12288> : vector<4xi32>
    %ints = arith.addi %v0, %steps : vector<4xi32>
    %small = arith.andi %ints, %mask : vector<4xi32>
    %near = arith.addi %small, %bias : vector<4xi32>
    %h16 = arith.trunci %near : vector<4xi32> to vector<4xi16>
    %v = arith.bitcast %h16 : vector<4xi16> to vector<4xbf16>
    %s1 = vector.reduction <add>, %v : vector<4xbf16> into bf16
    %e0 = vector.extract %v[0] : bf16 from vector<4xbf16>
    %e1 = vector.extract %v[1] : bf16 from vector<4xbf16>
    %e2 = vector.extract %v[2] : bf16 from vector<4xbf16>
    %e3 = vector.extract %v[3] : bf16 from vector<4xbf16>
    %z = llvm.mlir.constant(0.0 : bf16) : bf16
    %a0 = llvm.fadd %z, %e0 : bf16
    %a1 = llvm.fadd %a0, %e1 : bf16
    %a2 = llvm.fadd %a1, %e2 : bf16
    %s2 = llvm.fadd %a2, %e3 : bf16
    %d1 = func.call @differ16b(%s1, %s2) : (bf16, bf16) -> i32
    %t1 = arith.addi %n, %d1 : i32
    scf.yield %t1 : i32
  }
  vector.print str "bf16 reductions differ: "
  vector.print %red : i32
  %vals = arith.constant dense<[1.0, 1.00390625, 1.0078125, 3.389e38, 3.403e38, 9.2e-41, 1.0e-45, -3.39e38]> : vector<8xf32>
  %vh = arith.truncf %vals : vector<8xf32> to vector<8xbf16>
  %vx = arith.extf %vh : vector<8xbf16> to vector<8xf32>
  vector.print %vx : vector<8xf32>
  return
}
// 1 when the bits of a and b differ, but NaNs of either kind count alike.
func.func @differ(%a: f32, %b: f32) -> i32 {
  %ab = arith.bitcast %a : f32 to i32
  %bb = arith.bitcast %b : f32 to i32
  %ne = arith.cmpi ne, %ab, %bb : i32
  %d = arith.extui %ne : i1 to i32
  return %d : i32
}
func.func @differ16(%a: f16, %b: f16) -> i32 {
  %ab = arith.bitcast %a : f16 to i16
  %bb = arith.bitcast %b : f16 to i16
  %ne = arith.cmpi ne, %ab, %bb : i16
  %d = arith.extui %ne : i1 to i32
  return %d : i32
}
func.func @differ16b(%a: bf16, %b: bf16) -> i32 {
  %ab = arith.bitcast %a : bf16 to i16
  %bb = arith.bitcast %b : bf16 to i16
  %ne = arith.cmpi ne, %ab, %bb : i16
  %d = arith.extui %ne : i1 to i32
  return %d : i32
}
