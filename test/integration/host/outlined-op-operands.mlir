// math.ipowi and the arithmetic of small floats (f8, on the host) become
// calls of one function per op name and type. That function was made from
// the first such op, and when that op took one value twice (x ** x, x + x)
// it used its second argument twice: every later op of that name and type
// then computed b ** b for a ** b and b + b for a + b.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: host 3125 32 10 7
// CHECK-NEXT: kernel 3125 32 10 7
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = gpu.alloc host_shared () : memref<2xi32>
  %two = arith.constant 2 : i32
  %five = arith.constant 5 : i32
  memref.store %two, %m[%c0] : memref<2xi32>
  memref.store %five, %m[%c1] : memref<2xi32>
  %a = memref.load %m[%c0] : memref<2xi32>
  %b = memref.load %m[%c1] : memref<2xi32>
  %bb = math.ipowi %b, %b : i32
  %ab = math.ipowi %a, %b : i32
  %af = arith.sitofp %a : i32 to f32
  %bf = arith.sitofp %b : i32 to f32
  %a8 = arith.truncf %af : f32 to f8E4M3FN
  %b8 = arith.truncf %bf : f32 to f8E4M3FN
  %sum_bb = arith.addf %b8, %b8 : f8E4M3FN
  %sum_ab = arith.addf %a8, %b8 : f8E4M3FN
  %s1 = arith.extf %sum_bb : f8E4M3FN to f32
  %s2 = arith.extf %sum_ab : f8E4M3FN to f32
  vector.print str "host "
  vector.print %bb : i32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %ab : i32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %s1 : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %s2 : f32
  %out = gpu.alloc host_shared () : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %ka = memref.load %m[%i0] : memref<2xi32>
    %kb = memref.load %m[%i1] : memref<2xi32>
    %kbb = math.ipowi %kb, %kb : i32
    %kab = math.ipowi %ka, %kb : i32
    %fbb = arith.sitofp %kbb : i32 to f32
    %fab = arith.sitofp %kab : i32 to f32
    memref.store %fbb, %out[%i0] : memref<4xf32>
    memref.store %fab, %out[%i1] : memref<4xf32>
    %kaf = arith.sitofp %ka : i32 to f32
    %kbf = arith.sitofp %kb : i32 to f32
    %ka8 = arith.truncf %kaf : f32 to f8E4M3FN
    %kb8 = arith.truncf %kbf : f32 to f8E4M3FN
    %k1 = arith.addf %kb8, %kb8 : f8E4M3FN
    %k2 = arith.addf %ka8, %kb8 : f8E4M3FN
    %e1 = arith.extf %k1 : f8E4M3FN to f32
    %e2 = arith.extf %k2 : f8E4M3FN to f32
    memref.store %e1, %out[%i2] : memref<4xf32>
    memref.store %e2, %out[%i3] : memref<4xf32>
    gpu.terminator
  }
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r0 = memref.load %out[%c0] : memref<4xf32>
  %r1 = memref.load %out[%c1] : memref<4xf32>
  %r2 = memref.load %out[%c2] : memref<4xf32>
  %r3 = memref.load %out[%c3] : memref<4xf32>
  vector.print str "kernel "
  vector.print %r0 : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %r1 : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %r2 : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %r3 : f32
  return
}
