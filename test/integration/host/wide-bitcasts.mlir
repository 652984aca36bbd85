// vector.bitcast between i8 and i64 or f64 lanes, in a kernel: eight
// narrow lanes to one wide one and back. On Vulkan, whose vectors have
// at most four lanes, no piece of such a bitcast is a SPIR-V bitcast:
// those go through i32 lanes (they were "vector.from_elements cannot be
// compiled"); i16 and i64, four to one, need no help. Bitcasts of
// constants are the constants they make: lavapipe made the top lane of a
// 64-bit constant cast to 16-bit lanes 0.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 578437695752307201, -506097522914230529 )
// CHECK: ( 1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4, -5, -6, -7, -8 )
// CHECK: ( 0, 0, 0, 0, 0, 0, 240, 63, 0, 0, 0, 0, 0, 0, 0, 192 )
// CHECK: ( 1, -2 )
// CHECK: ( 1, 2, 3, 4, 5, 6, 7, 8 )
// CHECK: ( 0, 0, 0, 16433, 1, 0, 0, 0 )
// CHECK: ( 0, 0, 0, 16433 )

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %bytes = gpu.alloc host_shared () : memref<16xi8>
  %init = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4, -5, -6, -7, -8]> : vector<16xi8>
  vector.store %init, %bytes[%c0] : memref<16xi8>, vector<16xi8>
  %doubles = gpu.alloc host_shared () : memref<2xf64>
  %d = arith.constant dense<[1.0, -2.0]> : vector<2xf64>
  vector.store %d, %doubles[%c0] : memref<2xf64>, vector<2xf64>
  %words = gpu.alloc host_shared () : memref<2xi64>
  %back = gpu.alloc host_shared () : memref<16xi8>
  %fromDoubles = gpu.alloc host_shared () : memref<16xi8>
  %roundTrip = gpu.alloc host_shared () : memref<2xf64>
  %shorts = gpu.alloc host_shared () : memref<8xi8>
  %constants = gpu.alloc host_shared () : memref<12xi16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
      threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %i0 = arith.constant 0 : index
    %b = vector.load %bytes[%i0] : memref<16xi8>, vector<16xi8>
    %w = vector.bitcast %b : vector<16xi8> to vector<2xi64>
    vector.store %w, %words[%i0] : memref<2xi64>, vector<2xi64>
    %b2 = vector.bitcast %w : vector<2xi64> to vector<16xi8>
    vector.store %b2, %back[%i0] : memref<16xi8>, vector<16xi8>
    %f = vector.load %doubles[%i0] : memref<2xf64>, vector<2xf64>
    %fb = vector.bitcast %f : vector<2xf64> to vector<16xi8>
    vector.store %fb, %fromDoubles[%i0] : memref<16xi8>, vector<16xi8>
    %f2 = vector.bitcast %fb : vector<16xi8> to vector<2xf64>
    vector.store %f2, %roundTrip[%i0] : memref<2xf64>, vector<2xf64>
    %low = vector.extract_strided_slice %b {offsets = [0], sizes = [8], strides = [1]} : vector<16xi8> to vector<8xi8>
    %one64 = vector.bitcast %low : vector<8xi8> to vector<1xi64>
    %h = vector.bitcast %one64 : vector<1xi64> to vector<4xi16>
    %h8 = vector.bitcast %h : vector<4xi16> to vector<8xi8>
    vector.store %h8, %shorts[%i0] : memref<8xi8>, vector<8xi8>
    %i64s = arith.constant dense<[4625478292286210048, 1]> : vector<2xi64>
    %from64 = vector.bitcast %i64s : vector<2xi64> to vector<8xi16>
    vector.store %from64, %constants[%i0] : memref<12xi16>, vector<8xi16>
    %f64 = arith.constant dense<17.0> : vector<1xf64>
    %fromF64 = vector.bitcast %f64 : vector<1xf64> to vector<4xi16>
    %i8 = arith.constant 8 : index
    vector.store %fromF64, %constants[%i8] : memref<12xi16>, vector<4xi16>
    gpu.terminator
  }
  %rw = vector.load %words[%c0] : memref<2xi64>, vector<2xi64>
  vector.print %rw : vector<2xi64>
  %rb = vector.load %back[%c0] : memref<16xi8>, vector<16xi8>
  vector.print %rb : vector<16xi8>
  %rf = vector.load %fromDoubles[%c0] : memref<16xi8>, vector<16xi8>
  %rfu = arith.extui %rf : vector<16xi8> to vector<16xi32>
  vector.print %rfu : vector<16xi32>
  %rr = vector.load %roundTrip[%c0] : memref<2xf64>, vector<2xf64>
  vector.print %rr : vector<2xf64>
  %rs = vector.load %shorts[%c0] : memref<8xi8>, vector<8xi8>
  vector.print %rs : vector<8xi8>
  %c8 = arith.constant 8 : index
  %k1 = vector.load %constants[%c0] : memref<12xi16>, vector<8xi16>
  vector.print %k1 : vector<8xi16>
  %k2 = vector.load %constants[%c8] : memref<12xi16>, vector<4xi16>
  vector.print %k2 : vector<4xi16>
  return
}
