// Fused multiply-adds and outer products of f16 round as f16 arithmetic
// does, on CPUs that compute f16 in f32. math.fma and vector.fma round
// once: computed in f32, a sum whose low bits break a tie of f16 rounded
// to the tie and then to even (1.96875 * 0.796875 + 2^-24 was 1.568359375,
// not 1.5693359375); they compute in f64 now. vector.outerproduct of
// kind mul rounds a * b before multiplying the accumulator: MLIR's f32
// emulation rounded acc * (a * b) once (-11.77 * 1e-6 * -16.63 is 2686 in
// f16's bits, 2688 rounded once).
// Vulkan's Fma need not be fused, and lavapipe's is not (README).
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// With F16C, whose conversions LLVM uses to compute f16 in f32, the same.
// RUN: %if host-f16c %{ %mlirc %s --offload-arch=%offload_arch -mf16c -o %t.f16c && %t.f16c | FileCheck %s %}
// CHECK: ( 1.56934, 1.05762, 1.92676 )
// CHECK-NEXT: ( 1.56934, 1.05762, 1.92676 )
// CHECK-NEXT: ( -29228, 2686 )

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %in = gpu.alloc host_shared () : memref<9xf16>
  %init = arith.constant dense<[1.96875, 1.3798828125, 1.02734375, 0.796875, 0.76611328125, 1.875, 5.9604644775390625E-8, -1.7583370208740234E-5, 5.9604644775390625E-8]> : vector<9xf16>
  vector.store %init, %in[%c0] : memref<9xf16>, vector<9xf16>
  %products = gpu.alloc host_shared () : memref<6xf16>
  %p = arith.constant dense<[3.5, -11.77, 1.0e-6, 67.6509, -99.408, -16.63]> : vector<6xf16>
  vector.store %p, %products[%c0] : memref<6xf16>, vector<6xf16>
  %out = gpu.alloc host_shared () : memref<2x3xf16>
  %outer = gpu.alloc host_shared () : memref<2xf16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
      threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %i4 = arith.constant 4 : index
    %i6 = arith.constant 6 : index
    %a = vector.load %in[%i0] : memref<9xf16>, vector<3xf16>
    %b = vector.load %in[%i3] : memref<9xf16>, vector<3xf16>
    %c = vector.load %in[%i6] : memref<9xf16>, vector<3xf16>
    %v = vector.fma %a, %b, %c : vector<3xf16>
    vector.store %v, %out[%i0, %i0] : memref<2x3xf16>, vector<3xf16>
    scf.for %k = %i0 to %i3 step %i1 {
      %kb = arith.addi %k, %i3 : index
      %kc = arith.addi %k, %i6 : index
      %x = memref.load %in[%k] : memref<9xf16>
      %y = memref.load %in[%kb] : memref<9xf16>
      %z = memref.load %in[%kc] : memref<9xf16>
      %s = math.fma %x, %y, %z : f16
      memref.store %s, %out[%i1, %k] : memref<2x3xf16>
    }
    %l = vector.load %products[%i0] : memref<6xf16>, vector<2xf16>
    %r = vector.load %products[%i2] : memref<6xf16>, vector<2xf16>
    %acc2 = vector.load %products[%i4] : memref<6xf16>, vector<2xf16>
    %acc = vector.shape_cast %acc2 : vector<2xf16> to vector<2x1xf16>
    %r1 = vector.extract_strided_slice %r {offsets = [0], sizes = [1], strides = [1]} : vector<2xf16> to vector<1xf16>
    %op = vector.outerproduct %l, %r1, %acc {kind = #vector.kind<mul>} : vector<2xf16>, vector<1xf16>
    %flat = vector.shape_cast %op : vector<2x1xf16> to vector<2xf16>
    vector.store %flat, %outer[%i0] : memref<2xf16>, vector<2xf16>
    gpu.terminator
  }
  %r0 = vector.load %out[%c0, %c0] : memref<2x3xf16>, vector<3xf16>
  vector.print %r0 : vector<3xf16>
  %r1 = vector.load %out[%one, %c0] : memref<2x3xf16>, vector<3xf16>
  vector.print %r1 : vector<3xf16>
  %o = vector.load %outer[%c0] : memref<2xf16>, vector<2xf16>
  %bits = arith.bitcast %o : vector<2xf16> to vector<2xi16>
  vector.print %bits : vector<2xi16>
  return
}
