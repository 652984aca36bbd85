// arith.maximumf and minimumf of floats LLVM has no type for (f8, f6, f4)
// order -0 below +0 and propagate NaN, as on f32: they call the APFloat
// runtime's maximum and minimum. MLIR's arith-expand, which ran before the
// APFloat conversion for the MX formats' scaled conversions, made them a
// compare and a select, for which -0 and +0 are equal: maximumf(+0, -0)
// was -0.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: f8E4M3FN 0 -0 nan 1.5
// CHECK-NEXT: f8E5M2 0 -0 nan 1.5
// CHECK-NEXT: f6E2M3FN 0 -0
// CHECK-NEXT: f4E2M1FN 0 -0
func.func private @opaque(%x: f32) -> f32 attributes {passthrough = ["noinline", "optnone"]} {
  return %x : f32
}
func.func @main() {
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %x = arith.constant 1.5 : f32
  %z = call @opaque(%zero) : (f32) -> f32
  %nz = call @opaque(%negzero) : (f32) -> f32
  %n = call @opaque(%nan) : (f32) -> f32
  %v = call @opaque(%x) : (f32) -> f32
  call @nanTypes(%z, %nz, %n, %v) : (f32, f32, f32, f32) -> ()
  call @finiteTypes(%z, %nz) : (f32, f32) -> ()
  return
}
func.func @nanTypes(%z: f32, %nz: f32, %n: f32, %v: f32) {
  %z1 = arith.truncf %z : f32 to f8E4M3FN
  %nz1 = arith.truncf %nz : f32 to f8E4M3FN
  %n1 = arith.truncf %n : f32 to f8E4M3FN
  %v1 = arith.truncf %v : f32 to f8E4M3FN
  %a1 = arith.maximumf %z1, %nz1 : f8E4M3FN
  %b1 = arith.minimumf %nz1, %z1 : f8E4M3FN
  %c1 = arith.maximumf %n1, %v1 : f8E4M3FN
  %d1 = arith.maxnumf %n1, %v1 : f8E4M3FN
  vector.print str "f8E4M3FN "
  call @print4(%a1, %b1, %c1, %d1) : (f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN) -> ()
  %z2 = arith.truncf %z : f32 to f8E5M2
  %nz2 = arith.truncf %nz : f32 to f8E5M2
  %n2 = arith.truncf %n : f32 to f8E5M2
  %v2 = arith.truncf %v : f32 to f8E5M2
  %a2 = arith.maximumf %nz2, %z2 : f8E5M2
  %b2 = arith.minimumf %z2, %nz2 : f8E5M2
  %c2 = arith.minimumf %v2, %n2 : f8E5M2
  %d2 = arith.minnumf %v2, %n2 : f8E5M2
  %a2e = arith.extf %a2 : f8E5M2 to f32
  %b2e = arith.extf %b2 : f8E5M2 to f32
  %c2e = arith.extf %c2 : f8E5M2 to f32
  %d2e = arith.extf %d2 : f8E5M2 to f32
  vector.print str "f8E5M2 "
  vector.print %a2e : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %b2e : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %c2e : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %d2e : f32
  return
}
func.func @print4(%a: f8E4M3FN, %b: f8E4M3FN, %c: f8E4M3FN, %d: f8E4M3FN) {
  %ae = arith.extf %a : f8E4M3FN to f32
  %be = arith.extf %b : f8E4M3FN to f32
  %ce = arith.extf %c : f8E4M3FN to f32
  %de = arith.extf %d : f8E4M3FN to f32
  vector.print %ae : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %be : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %ce : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %de : f32
  return
}
func.func @finiteTypes(%z: f32, %nz: f32) {
  %z6 = arith.truncf %z : f32 to f6E2M3FN
  %nz6 = arith.truncf %nz : f32 to f6E2M3FN
  %a6 = arith.maximumf %z6, %nz6 : f6E2M3FN
  %b6 = arith.minimumf %nz6, %z6 : f6E2M3FN
  %a6e = arith.extf %a6 : f6E2M3FN to f32
  %b6e = arith.extf %b6 : f6E2M3FN to f32
  vector.print str "f6E2M3FN "
  vector.print %a6e : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %b6e : f32
  %z4 = arith.truncf %z : f32 to f4E2M1FN
  %nz4 = arith.truncf %nz : f32 to f4E2M1FN
  %a4 = arith.maximumf %nz4, %z4 : f4E2M1FN
  %b4 = arith.minimumf %z4, %nz4 : f4E2M1FN
  %a4e = arith.extf %a4 : f4E2M1FN to f32
  %b4e = arith.extf %b4 : f4E2M1FN to f32
  vector.print str "f4E2M1FN "
  vector.print %a4e : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %b4e : f32
  return
}
