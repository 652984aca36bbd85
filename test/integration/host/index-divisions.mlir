// The index dialect's rounding divisions at the ends of the range: MLIR
// 22's index-to-llvm computed ceildivs as a select between two divisions,
// and for ceildivs(INT64_MAX, -1) the one not taken divided INT64_MIN by
// -1, which ended the program with SIGFPE on x86-64 (floordivs(-INT64_MAX,
// -1) too). They are arith's ceildivsi, floordivsi and ceildivui now. In
// host code and in a kernel, on values loaded from memory.
// Vulkan kernels compute index in 32 bits (README, Vulkan).
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: host -9223372036854775807 -9223372036854775807 9223372036854775807 1537228672809129302 -1537228672809129302 1
// CHECK-NEXT: kernel -9223372036854775807 -9223372036854775807 9223372036854775807 1537228672809129302 -1537228672809129302 1
func.func @divide(%v: memref<4xindex>, %out: memref<6xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %max = memref.load %v[%c0] : memref<4xindex>
  %minus1 = memref.load %v[%c1] : memref<4xindex>
  %big = memref.load %v[%c2] : memref<4xindex>
  %three = memref.load %v[%c3] : memref<4xindex>
  %negmax = index.sub %c0, %max
  %negbig = index.sub %c0, %big
  %r0 = index.ceildivs %max, %minus1
  %r1 = index.floordivs %max, %minus1
  %r2 = index.floordivs %negmax, %minus1
  // ceil(2^62 / 3) and floor(-2^62 / 3): 2^62 * 3 wraps negative.
  %r3 = index.ceildivs %big, %three
  %r4 = index.floordivs %negbig, %three
  // ceil(UINT64_MAX / 2^64 - 1) unsigned: 1.
  %r5 = index.ceildivu %minus1, %minus1
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  memref.store %r0, %out[%c0] : memref<6xindex>
  memref.store %r1, %out[%c1] : memref<6xindex>
  memref.store %r2, %out[%c2] : memref<6xindex>
  memref.store %r3, %out[%c3] : memref<6xindex>
  memref.store %r4, %out[%c4] : memref<6xindex>
  memref.store %r5, %out[%c5] : memref<6xindex>
  return
}

func.func @print(%label: index, %out: memref<6xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c1 {
    %x = memref.load %out[%i] : memref<6xindex>
    %xi = arith.index_cast %x : index to i64
    vector.print str " "
    vector.print %xi : i64 punctuation <no_punctuation>
  }
  vector.print str "\n"
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = gpu.alloc host_shared () : memref<4xindex>
  %max = index.constant 9223372036854775807
  %minus1 = index.constant -1
  %big = index.constant 4611686018427387904
  %three = index.constant 3
  memref.store %max, %v[%c0] : memref<4xindex>
  memref.store %minus1, %v[%c1] : memref<4xindex>
  memref.store %big, %v[%c2] : memref<4xindex>
  memref.store %three, %v[%c3] : memref<4xindex>
  %host = memref.alloc() : memref<6xindex>
  call @divide(%v, %host) : (memref<4xindex>, memref<6xindex>) -> ()
  vector.print str "host"
  call @print(%c0, %host) : (index, memref<6xindex>) -> ()
  %out = gpu.alloc host_shared () : memref<6xindex>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %kmax = memref.load %v[%i0] : memref<4xindex>
    %km1 = memref.load %v[%i1] : memref<4xindex>
    %kbig = memref.load %v[%i2] : memref<4xindex>
    %k3 = memref.load %v[%i3] : memref<4xindex>
    %knegmax = index.sub %i0, %kmax
    %knegbig = index.sub %i0, %kbig
    %q0 = index.ceildivs %kmax, %km1
    %q1 = index.floordivs %kmax, %km1
    %q2 = index.floordivs %knegmax, %km1
    %q3 = index.ceildivs %kbig, %k3
    %q4 = index.floordivs %knegbig, %k3
    %q5 = index.ceildivu %km1, %km1
    %i4 = arith.constant 4 : index
    %i5 = arith.constant 5 : index
    memref.store %q0, %out[%i0] : memref<6xindex>
    memref.store %q1, %out[%i1] : memref<6xindex>
    memref.store %q2, %out[%i2] : memref<6xindex>
    memref.store %q3, %out[%i3] : memref<6xindex>
    memref.store %q4, %out[%i4] : memref<6xindex>
    memref.store %q5, %out[%i5] : memref<6xindex>
    gpu.terminator
  }
  vector.print str "kernel"
  call @print(%c1, %out) : (index, memref<6xindex>) -> ()
  return
}
