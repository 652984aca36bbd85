// bf16 in a kernel, on every target: buffers, a scalar argument, workgroup
// memory, vector loads, arith (mulf, addf, cmpf, select), math.exp and
// math.fma, and a vector.reduction. Vulkan has no bf16: it computes in f32
// and moves the bits as 16-bit integers, so the host's buffers keep their
// bytes. x[i] = (i + 1) / 2; each of 8 threads computes y = x * s + exp(0)
// (s = 2), passes it through workgroup memory to its left neighbour, and
// keeps y or -y by y > 5; thread 0 sums x[0..3] with a vector.reduction,
// thread 1 computes fma(x, x, s).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [3,  4,  5,  6,  7,  8,  9,  2]
// CHECK: [-2,  -3,  -4,  -5,  6,  7,  8,  9]
// CHECK: [5,  3]
func.func private @printMemrefF32(memref<*xf32>)
func.func @print(%m: memref<?xbf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xbf16>
    %f = arith.extf %v : bf16 to f32
    memref.store %f, %out[%i] : memref<?xf32>
  }
  %u = memref.cast %out : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<?xf32>
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %x = gpu.alloc host_shared () : memref<8xbf16>
  %z = gpu.alloc host_shared () : memref<8xbf16>
  %w = gpu.alloc host_shared () : memref<8xbf16>
  %extra = gpu.alloc host_shared () : memref<2xbf16>
  %half = arith.constant 0.5 : bf16
  scf.for %i = %c0 to %c8 step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %ii = arith.index_cast %i1 : index to i32
    %f = arith.sitofp %ii : i32 to bf16
    %h = arith.mulf %f, %half : bf16
    memref.store %h, %x[%i] : memref<8xbf16>
  }
  // s as a kernel argument, not a constant the kernel sinks.
  %two = arith.constant 2.0 : bf16
  %sbuf = memref.alloca() : memref<1xbf16>
  memref.store %two, %sbuf[%c0] : memref<1xbf16>
  %s = memref.load %sbuf[%c0] : memref<1xbf16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%shared : memref<8xbf16, #gpu.address_space<workgroup>>) {
    %v = memref.load %x[%tx] : memref<8xbf16>
    %zero = arith.constant 0.0 : bf16
    %e = math.exp %zero : bf16
    %p = arith.mulf %v, %s : bf16
    %y = arith.addf %p, %e : bf16
    memref.store %y, %shared[%tx] : memref<8xbf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %next = arith.addi %tx, %c1 : index
    %wrap = arith.remui %next, %c8 : index
    %n = memref.load %shared[%wrap] : memref<8xbf16, #gpu.address_space<workgroup>>
    memref.store %n, %z[%tx] : memref<8xbf16>
    %five = arith.constant 5.0 : bf16
    %big = arith.cmpf ogt, %y, %five : bf16
    %neg = arith.negf %y : bf16
    %k = arith.select %big, %y, %neg : bf16
    memref.store %k, %w[%tx] : memref<8xbf16>
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %four = vector.load %x[%c0] : memref<8xbf16>, vector<4xbf16>
      %r = vector.reduction <add>, %four : vector<4xbf16> into bf16
      memref.store %r, %extra[%c0] : memref<2xbf16>
    }
    %second = arith.cmpi eq, %tx, %c1 : index
    scf.if %second {
      %f = math.fma %v, %v, %s : bf16
      memref.store %f, %extra[%c1] : memref<2xbf16>
    }
    gpu.terminator
  }
  %zd = memref.cast %z : memref<8xbf16> to memref<?xbf16>
  call @print(%zd, %c8) : (memref<?xbf16>, index) -> ()
  %wd = memref.cast %w : memref<8xbf16> to memref<?xbf16>
  call @print(%wd, %c8) : (memref<?xbf16>, index) -> ()
  %ed = memref.cast %extra : memref<2xbf16> to memref<?xbf16>
  call @print(%ed, %c2) : (memref<?xbf16>, index) -> ()
  return
}
