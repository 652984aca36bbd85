// Math ops at widths some target computes through others, on values a
// kernel loads: atan2 on f32 and f16, cbrt and erfc on f16 (Vulkan
// approximates them in f32); ctlz, cttz and ctpop on i8, i16 and i64
// (Vulkan's bit instructions take 32 bits: narrower values widen, 64-bit
// ones split into halves); vector.interleave of two vector<4xf32>, and
// interleaves and deinterleaves of 8 and 16 elements (wider than SPIR-V's
// vectors).
// Floats: atan2(0.75, -0.5) in f32 and f16, cbrt(0.75) and erfc(0.75) in
// f16. Integers, each as ctlz, cttz, ctpop: i8 40, i8 0; i16 40, i16 0;
// i64 40, 0, 2^40, -1.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [2.158{{[0-9]*}},  2.15{{[0-9]*}},  0.90{{[0-9]*}},  0.28{{[0-9]*}}]
// CHECK: [2,  3,  2,  8,  8,  0,  10,  3,  2,  16,  16,  0,  58,  3,  2,  64,  64,  0,  23,  40,  1,  0,  0,  64]
// CHECK: ( 1, 5, 2, 6, 3, 7, 4, 8 )
// CHECK-NEXT: ( 5, 6, 7, 8 )
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

// ctlz, cttz and ctpop of %x at out[%at], out[%at + 1], out[%at + 2].
func.func @counts(%x: i64, %out: memref<24xi64>, %at: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = math.ctlz %x : i64
  %b = math.cttz %x : i64
  %c = math.ctpop %x : i64
  %at1 = arith.addi %at, %c1 : index
  %at2 = arith.addi %at, %c2 : index
  memref.store %a, %out[%at] : memref<24xi64>
  memref.store %b, %out[%at1] : memref<24xi64>
  memref.store %c, %out[%at2] : memref<24xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %in = gpu.alloc host_shared () : memref<2xf32>
  %ints = gpu.alloc host_shared () : memref<4xi64>
  %floats = gpu.alloc host_shared () : memref<4xf32>
  %counts = gpu.alloc host_shared () : memref<24xi64>
  %lanes = gpu.alloc host_shared () : memref<8xf32>
  %pair = gpu.alloc host_shared () : memref<8xf32>
  %x = arith.constant 0.75 : f32
  %y = arith.constant -0.5 : f32
  memref.store %x, %in[%c0] : memref<2xf32>
  memref.store %y, %in[%c1] : memref<2xf32>
  %forty = arith.constant 40 : i64
  %zero = arith.constant 0 : i64
  %big = arith.constant 1099511627776 : i64
  %ones = arith.constant -1 : i64
  memref.store %forty, %ints[%c0] : memref<4xi64>
  memref.store %zero, %ints[%c1] : memref<4xi64>
  memref.store %big, %ints[%c2] : memref<4xi64>
  memref.store %ones, %ints[%c3] : memref<4xi64>
  %lane_values = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : vector<8xf32>
  vector.store %lane_values, %pair[%c0] : memref<8xf32>, vector<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %in[%c0] : memref<2xf32>
    %b = memref.load %in[%c1] : memref<2xf32>
    %t = math.atan2 %a, %b : f32
    memref.store %t, %floats[%c0] : memref<4xf32>
    %ah = arith.truncf %a : f32 to f16
    %bh = arith.truncf %b : f32 to f16
    %th = math.atan2 %ah, %bh : f16
    %ch = math.cbrt %ah : f16
    %eh = math.erfc %ah : f16
    %th32 = arith.extf %th : f16 to f32
    %ch32 = arith.extf %ch : f16 to f32
    %eh32 = arith.extf %eh : f16 to f32
    memref.store %th32, %floats[%c1] : memref<4xf32>
    memref.store %ch32, %floats[%c2] : memref<4xf32>
    memref.store %eh32, %floats[%c3] : memref<4xf32>

    %i40 = memref.load %ints[%c0] : memref<4xi64>
    %i0 = memref.load %ints[%c1] : memref<4xi64>
    // i8 and i16 through their own ops, widened for the output.
    %at = arith.constant 0 : index
    %narrow = arith.constant 6 : index
    scf.for %k = %c0 to %c2 step %c1 {
      %v = scf.index_switch %k -> i64
      case 0 { scf.yield %i40 : i64 }
      default { scf.yield %i0 : i64 }
      %v8 = arith.trunci %v : i64 to i8
      %l8 = math.ctlz %v8 : i8
      %t8 = math.cttz %v8 : i8
      %p8 = math.ctpop %v8 : i8
      %v16 = arith.trunci %v : i64 to i16
      %l16 = math.ctlz %v16 : i16
      %t16 = math.cttz %v16 : i16
      %p16 = math.ctpop %v16 : i16
      %c3k = arith.muli %k, %c3 : index
      %o1 = arith.addi %c3k, %c1 : index
      %o2 = arith.addi %c3k, %c2 : index
      %w1 = arith.extui %l8 : i8 to i64
      %w2 = arith.extui %t8 : i8 to i64
      %w3 = arith.extui %p8 : i8 to i64
      memref.store %w1, %counts[%c3k] : memref<24xi64>
      memref.store %w2, %counts[%o1] : memref<24xi64>
      memref.store %w3, %counts[%o2] : memref<24xi64>
      %s0 = arith.addi %c3k, %narrow : index
      %s1 = arith.addi %s0, %c1 : index
      %s2 = arith.addi %s0, %c2 : index
      %x1 = arith.extui %l16 : i16 to i64
      %x2 = arith.extui %t16 : i16 to i64
      %x3 = arith.extui %p16 : i16 to i64
      memref.store %x1, %counts[%s0] : memref<24xi64>
      memref.store %x2, %counts[%s1] : memref<24xi64>
      memref.store %x3, %counts[%s2] : memref<24xi64>
    }
    %c12 = arith.constant 12 : index
    %c4 = arith.constant 4 : index
    scf.for %k = %c0 to %c4 step %c1 {
      %v = memref.load %ints[%k] : memref<4xi64>
      %k3 = arith.muli %k, %c3 : index
      %o = arith.addi %k3, %c12 : index
      func.call @counts(%v, %counts, %o) : (i64, memref<24xi64>, index) -> ()
    }

    %lo = vector.load %pair[%c0] : memref<8xf32>, vector<4xf32>
    %hi = vector.load %pair[%c4] : memref<8xf32>, vector<4xf32>
    %mixed = vector.interleave %lo, %hi : vector<4xf32> -> vector<8xf32>
    vector.store %mixed, %lanes[%c0] : memref<8xf32>, vector<8xf32>
    %twice = vector.interleave %mixed, %mixed : vector<8xf32> -> vector<16xf32>
    %even, %odd = vector.deinterleave %twice : vector<16xf32> -> vector<8xf32>
    %left, %right = vector.deinterleave %odd : vector<8xf32> -> vector<4xf32>
    vector.store %right, %pair[%c0] : memref<8xf32>, vector<4xf32>
    gpu.terminator
  }
  %fc = memref.cast %floats : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%fc) : (memref<*xf32>) -> ()
  %ic = memref.cast %counts : memref<24xi64> to memref<*xi64>
  call @printMemrefI64(%ic) : (memref<*xi64>) -> ()
  %v = vector.load %lanes[%c0] : memref<8xf32>, vector<8xf32>
  vector.print %v : vector<8xf32>
  %w = vector.load %pair[%c0] : memref<8xf32>, vector<4xf32>
  vector.print %w : vector<4xf32>
  return
}
