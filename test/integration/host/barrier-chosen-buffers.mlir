// A buffer chosen by a condition (arith.select of two private arrays, as
// bufferization makes of an scf.if on tensors) before a barrier and read
// after it. The host target splits the thread loop at the barrier and makes
// the choice again after it; the condition was not kept per thread ("this
// value lives across a gpu.barrier and mlirc cannot keep it per thread").
// Vulkan cannot choose a buffer at run time (test/targets/vulkan.test).
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Thread t reads t * t where that is at least 2, else 100.
// CHECK: [100,  100,  4,  9]
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc host_shared () : memref<4xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %t = arith.index_cast %tx : index to i32
      %a = memref.alloca() : memref<1xi32>
      %b = memref.alloca() : memref<1xi32>
      %k = arith.constant 100 : i32
      %t2 = arith.muli %t, %t : i32
      memref.store %t2, %a[%c0] : memref<1xi32>
      memref.store %k, %b[%c0] : memref<1xi32>
      %x = memref.load %a[%c0] : memref<1xi32>
      %two = arith.constant 2 : i32
      %c = arith.cmpi sge, %x, %two : i32
      %s = arith.select %c, %a, %b : memref<1xi32>
      gpu.barrier
      %y = memref.load %s[%c0] : memref<1xi32>
      memref.store %y, %out[%tx] : memref<4xi32>
      gpu.terminator
    }
    %u = memref.cast %out : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
