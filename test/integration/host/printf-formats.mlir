// gpu.printf's arguments of every type, with C's flags, widths,
// precisions and length modifiers, printed the same on every target
// (Vulkan formats them on the host from what the kernel wrote); one
// thread prints in a loop, so the lines come in order.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: int 7 -3 [   42] [42   ] [+5] [00042] [2a] [2A] [052] [0x2a] [-1]
// CHECK-NEXT: narrow -100 1 200 4294967295 255 -1
// CHECK-NEXT: wide 12345678901 -12345678901 ffffffffffffffff
// CHECK-NEXT: index 3 -4
// CHECK-NEXT: float 1.500000 [  1.50] 2.500000e-01 0.333333 1.25 -0.125
// CHECK-NEXT: double 3.14159265358979 1e+300 inf
// CHECK-NEXT: char [A] percent % star [  7] [3.142]
// CHECK-NEXT: loop 0 0.000000
// CHECK-NEXT: loop 1 0.500000
// CHECK-NEXT: loop 2 1.000000
// CHECK-NEXT: done
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %i7 = arith.constant 7 : i32
      %im3 = arith.constant -3 : i32
      %i42 = arith.constant 42 : i32
      %i5 = arith.constant 5 : i32
      %im1 = arith.constant -1 : i32
      gpu.printf "int %d %i [%5d] [%-5d] [%+d] [%05d] [%x] [%X] [%#o] [%#x] [%d]\n", %i7, %im3, %i42, %i42, %i5, %i42, %i42, %i42, %i42, %i42, %im1 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
      %i8 = arith.constant -100 : i8
      %true = arith.constant true
      %i16 = arith.constant 200 : i16
      %hh = arith.constant -1 : i8
      gpu.printf "narrow %d %d %d %u %hhu %hhd\n", %i8, %true, %i16, %im1, %hh, %hh : i8, i1, i16, i32, i8, i8
      %big = arith.constant 12345678901 : i64
      %nbig = arith.constant -12345678901 : i64
      %all = arith.constant -1 : i64
      gpu.printf "wide %lld %ld %llx\n", %big, %nbig, %all : i64, i64, i64
      %m4 = arith.constant -4 : index
      gpu.printf "index %lld %ld\n", %c3, %m4 : index, index
      %f = arith.constant 1.5 : f32
      %q = arith.constant 0.25 : f32
      %third = arith.constant 0.333333343 : f32
      %h = arith.constant 1.25 : f16
      %b = arith.constant -0.125 : bf16
      gpu.printf "float %f [%6.2f] %e %f %g %g\n", %f, %f, %q, %third, %h, %b : f32, f32, f32, f32, f16, bf16
      %pi = arith.constant 3.14159265358979 : f64
      %huge = arith.constant 1.0e300 : f64
      %inf = arith.constant 0x7FF0000000000000 : f64
      gpu.printf "double %.14f %g %f\n", %pi, %huge, %inf : f64, f64, f64
      %a = arith.constant 65 : i32
      %w = arith.constant 3 : i32
      %pif = arith.constant 3.14159 : f32
      gpu.printf "char [%c] percent %% star [%*d] [%.*f]\n", %a, %w, %i7, %w, %pif : i32, i32, i32, i32, f32
      scf.for %i = %c0 to %c3 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %half = arith.constant 0.5 : f32
        %v = arith.mulf %fi, %half : f32
        gpu.printf "loop %d %f\n", %ii, %v : i32, f32
      }
      gpu.terminator
    }
    vector.print str "done\n"
    return
  }
}
