// Block and subgroup reductions of maximumf and minimumf are NaN if any
// value is and order -0 below +0, and those of maxnumf and minnumf skip
// NaNs, as arith's ops do; clustered subgroup reductions take 8- and
// 16-bit values. On Vulkan, GroupNonUniformFMax and FMin drop NaNs and
// need not order zeros (gpu.all_reduce maximumf of a block holding a NaN
// was the largest number), and clustered reductions took 32 and 64 bits
// only.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Per block of 40: maximumf, minimumf, maxnumf, minnumf of all_reduce.
// Block 0 has a NaN, -0 and +0; block 1 has -0 and +0 and 5; block 2
// has only -0 and NaNs.
// CHECK: ( nan, nan, 7, -3 )
// CHECK-NEXT: ( 5, -0, 5, -0 )
// CHECK-NEXT: ( nan, nan, -0, -0 )
// The same of subgroup_reduce over the first 8 threads of each block
// (maxnumf and minnumf may take either zero).
// CHECK-NEXT: ( nan, nan, 7, -3 )
// CHECK-NEXT: ( 0, -0, {{-?0}}, {{-?0}} )
// CHECK-NEXT: ( nan, nan, -0, -0 )
// Clustered (4 lanes) maxsi of i8 and add of f16, thread 0's cluster.
// CHECK-NEXT: ( 100, 3.5 )

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c40 = arith.constant 40 : index
  %in = gpu.alloc host_shared () : memref<3x40xf32>
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  scf.for %b = %c0 to %c3 step %c1 {
    scf.for %t = %c0 to %c40 step %c1 {
      memref.store %negzero, %in[%b, %t] : memref<3x40xf32>
    }
  }
  // Block 0: values 1..7 and -3 spread out, a NaN at 5, +0 at 2.
  %seven = arith.constant 7.0 : f32
  %minus3 = arith.constant -3.0 : f32
  %five = arith.constant 5.0 : f32
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c30 = arith.constant 30 : index
  memref.store %seven, %in[%c0, %c1] : memref<3x40xf32>
  memref.store %zero, %in[%c0, %c2] : memref<3x40xf32>
  memref.store %minus3, %in[%c0, %c3] : memref<3x40xf32>
  memref.store %nan, %in[%c0, %c5] : memref<3x40xf32>
  // Block 1: 5 at thread 30, +0 at thread 6, -0 elsewhere.
  memref.store %five, %in[%c1, %c30] : memref<3x40xf32>
  memref.store %zero, %in[%c1, %c6] : memref<3x40xf32>
  // Block 2: NaNs at threads 1 and 30, -0 elsewhere.
  memref.store %nan, %in[%c2, %c1] : memref<3x40xf32>
  memref.store %nan, %in[%c2, %c30] : memref<3x40xf32>
  %out = gpu.alloc host_shared () : memref<3x4xf32>
  %sub = gpu.alloc host_shared () : memref<3x4xf32>
  %bytes = gpu.alloc host_shared () : memref<8xi8>
  %halves = gpu.alloc host_shared () : memref<8xf16>
  %b8 = arith.constant dense<[-100, 100, 3, -128, 7, 8, 9, 10]> : vector<8xi8>
  vector.store %b8, %bytes[%c0] : memref<8xi8>, vector<8xi8>
  %h8 = arith.constant dense<[0.5, 1.0, -0.25, 2.25, 7.0, 8.0, 9.0, 10.0]> : vector<8xf16>
  vector.store %h8, %halves[%c0] : memref<8xf16>, vector<8xf16>
  %clustered = gpu.alloc host_shared () : memref<2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
    %x = memref.load %in[%bx, %tx] : memref<3x40xf32>
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %max = gpu.all_reduce maximumf %x {} : (f32) -> (f32)
    %min = gpu.all_reduce minimumf %x {} : (f32) -> (f32)
    %maxnum = gpu.all_reduce maxnumf %x {} : (f32) -> (f32)
    %minnum = gpu.all_reduce minnumf %x {} : (f32) -> (f32)
    %first = arith.cmpi eq, %tx, %i0 : index
    scf.if %first {
      memref.store %max, %out[%bx, %i0] : memref<3x4xf32>
      memref.store %min, %out[%bx, %i1] : memref<3x4xf32>
      memref.store %maxnum, %out[%bx, %i2] : memref<3x4xf32>
      memref.store %minnum, %out[%bx, %i3] : memref<3x4xf32>
    }
    gpu.terminator
  }
  // Eight threads per block: one subgroup on every target.
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %x = memref.load %in[%bx, %tx] : memref<3x40xf32>
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %smax = gpu.subgroup_reduce maximumf %x : (f32) -> f32
    %smin = gpu.subgroup_reduce minimumf %x : (f32) -> f32
    %smaxnum = gpu.subgroup_reduce maxnumf %x : (f32) -> f32
    %sminnum = gpu.subgroup_reduce minnumf %x : (f32) -> f32
    %byte = memref.load %bytes[%tx] : memref<8xi8>
    %half = memref.load %halves[%tx] : memref<8xf16>
    %bmax = gpu.subgroup_reduce maxsi %byte cluster(size = 4) : (i8) -> i8
    %hsum = gpu.subgroup_reduce add %half cluster(size = 4) : (f16) -> f16
    %first = arith.cmpi eq, %tx, %i0 : index
    scf.if %first {
      memref.store %smax, %sub[%bx, %i0] : memref<3x4xf32>
      memref.store %smin, %sub[%bx, %i1] : memref<3x4xf32>
      memref.store %smaxnum, %sub[%bx, %i2] : memref<3x4xf32>
      memref.store %sminnum, %sub[%bx, %i3] : memref<3x4xf32>
      %block0 = arith.cmpi eq, %bx, %i0 : index
      scf.if %block0 {
        %bf = arith.sitofp %bmax : i8 to f32
        %hf = arith.extf %hsum : f16 to f32
        memref.store %bf, %clustered[%i0] : memref<2xf32>
        memref.store %hf, %clustered[%i1] : memref<2xf32>
      }
    }
    gpu.terminator
  }
  scf.for %b = %c0 to %c3 step %c1 {
    %r = vector.load %out[%b, %c0] : memref<3x4xf32>, vector<4xf32>
    vector.print %r : vector<4xf32>
  }
  scf.for %b = %c0 to %c3 step %c1 {
    %r = vector.load %sub[%b, %c0] : memref<3x4xf32>, vector<4xf32>
    vector.print %r : vector<4xf32>
  }
  %c = vector.load %clustered[%c0] : memref<2xf32>, vector<2xf32>
  vector.print %c : vector<2xf32>
  return
}
