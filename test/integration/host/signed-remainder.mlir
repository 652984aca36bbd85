// arith.remsi takes the sign of its dividend, the smallest value included:
// Vulkan leaves OpSRem of negative operands undefined, and MLIR 22's
// emulation took a dividend equal to its absolute value for positive,
// which the smallest value is (INT_MIN % 7 was 2 on Vulkan). In a kernel,
// on values it loads: INT_MIN % 7, INT_MIN % -7, INT_MIN % INT_MAX,
// 2 % -7, -2 % 7, INT_MIN % INT_MIN, INT_MAX % INT_MIN; for i8, i32, i64
// and vectors of i32.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [-2,  -2,  -1,  2,  -2,  0,  127]
// CHECK: [-2,  -2,  -1,  2,  -2,  0,  2147483647]
// CHECK: [-1,  -1,  -1,  2,  -2,  0,  9223372036854775807]
// CHECK: [-2,  -2,  -1,  2,  -2,  0,  2147483647]
#pairs = dense<[[0, 1], [0, 2], [0, 3], [4, 2], [5, 1], [0, 0], [3, 0]]> : tensor<7x2xindex>

func.func @remainders8(%in: memref<6xi8>, %out: memref<7xi32>) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%t, %ty, %tz) in (%sx = %c7, %sy = %c1, %sz = %c1) {
    %pairs = memref.get_global @pairs : memref<7x2xindex>
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %ia = memref.load %pairs[%t, %i0] : memref<7x2xindex>
    %ib = memref.load %pairs[%t, %i1] : memref<7x2xindex>
    %a = memref.load %in[%ia] : memref<6xi8>
    %b = memref.load %in[%ib] : memref<6xi8>
    %r = arith.remsi %a, %b : i8
    %wide = arith.extsi %r : i8 to i32
    memref.store %wide, %out[%t] : memref<7xi32>
    gpu.terminator
  }
  return
}

func.func @remainders32(%in: memref<6xi32>, %out: memref<7xi32>) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%t, %ty, %tz) in (%sx = %c7, %sy = %c1, %sz = %c1) {
    %pairs = memref.get_global @pairs : memref<7x2xindex>
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %ia = memref.load %pairs[%t, %i0] : memref<7x2xindex>
    %ib = memref.load %pairs[%t, %i1] : memref<7x2xindex>
    %a = memref.load %in[%ia] : memref<6xi32>
    %b = memref.load %in[%ib] : memref<6xi32>
    %r = arith.remsi %a, %b : i32
    memref.store %r, %out[%t] : memref<7xi32>
    gpu.terminator
  }
  return
}

func.func @remainders64(%in: memref<6xi64>, %out: memref<7xi64>) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%t, %ty, %tz) in (%sx = %c7, %sy = %c1, %sz = %c1) {
    %pairs = memref.get_global @pairs : memref<7x2xindex>
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %ia = memref.load %pairs[%t, %i0] : memref<7x2xindex>
    %ib = memref.load %pairs[%t, %i1] : memref<7x2xindex>
    %a = memref.load %in[%ia] : memref<6xi64>
    %b = memref.load %in[%ib] : memref<6xi64>
    %r = arith.remsi %a, %b : i64
    memref.store %r, %out[%t] : memref<7xi64>
    gpu.terminator
  }
  return
}

// One thread, the seven pairs as a vector<7xi32>.
func.func @remaindersVector(%in: memref<6xi32>, %out: memref<7xi32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%t, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %i4 = arith.constant 4 : index
    %i5 = arith.constant 5 : index
    %min = memref.load %in[%i0] : memref<6xi32>
    %seven = memref.load %in[%i1] : memref<6xi32>
    %minus7 = memref.load %in[%i2] : memref<6xi32>
    %max = memref.load %in[%i3] : memref<6xi32>
    %two = memref.load %in[%i4] : memref<6xi32>
    %minus2 = memref.load %in[%i5] : memref<6xi32>
    %a = vector.from_elements %min, %min, %min, %two, %minus2, %min, %max : vector<7xi32>
    %b = vector.from_elements %seven, %minus7, %max, %minus7, %seven, %min, %min : vector<7xi32>
    %r = arith.remsi %a, %b : vector<7xi32>
    vector.store %r, %out[%i0] : memref<7xi32>, vector<7xi32>
    gpu.terminator
  }
  return
}

memref.global "private" constant @pairs : memref<7x2xindex> = #pairs

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  // INT_MIN, 7, -7, INT_MAX, 2, -2 of each width.
  %in8 = gpu.alloc host_shared () : memref<6xi8>
  %in32 = gpu.alloc host_shared () : memref<6xi32>
  %in64 = gpu.alloc host_shared () : memref<6xi64>
  %v64 = arith.constant dense<[-9223372036854775808, 7, -7, 9223372036854775807, 2, -2]> : vector<6xi64>
  %v32 = arith.constant dense<[-2147483648, 7, -7, 2147483647, 2, -2]> : vector<6xi32>
  %v8 = arith.constant dense<[-128, 7, -7, 127, 2, -2]> : vector<6xi8>
  vector.store %v64, %in64[%c0] : memref<6xi64>, vector<6xi64>
  vector.store %v32, %in32[%c0] : memref<6xi32>, vector<6xi32>
  vector.store %v8, %in8[%c0] : memref<6xi8>, vector<6xi8>
  %out8 = gpu.alloc host_shared () : memref<7xi32>
  %out32 = gpu.alloc host_shared () : memref<7xi32>
  %out64 = gpu.alloc host_shared () : memref<7xi64>
  %outv = gpu.alloc host_shared () : memref<7xi32>
  call @remainders8(%in8, %out8) : (memref<6xi8>, memref<7xi32>) -> ()
  call @remainders32(%in32, %out32) : (memref<6xi32>, memref<7xi32>) -> ()
  call @remainders64(%in64, %out64) : (memref<6xi64>, memref<7xi64>) -> ()
  call @remaindersVector(%in32, %outv) : (memref<6xi32>, memref<7xi32>) -> ()
  %u8 = memref.cast %out8 : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%u8) : (memref<*xi32>) -> ()
  %u32 = memref.cast %out32 : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%u32) : (memref<*xi32>) -> ()
  %u64 = memref.cast %out64 : memref<7xi64> to memref<*xi64>
  call @printMemrefI64(%u64) : (memref<*xi64>) -> ()
  %uv = memref.cast %outv : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%uv) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
