// memref.alloc and memref.dealloc in a kernel: each thread allocates an
// array of its own. NVIDIA serves it from CUDA's device heap, AMD from
// HIP's (ockl's heap functions: malloc and free were undefined at the
// device link), the host target from the C heap, and Vulkan, whose shaders
// allocate nothing while they run, makes such an array of a static shape
// the thread's own (it was an error). One of a size known only at run
// time is an error at the op on Vulkan. An allocation of private memory
// is on the thread's stack on every GPU target (MLIR cast a heap pointer
// to the private address space).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: sed -e 's/memref.alloc() : memref<4xf32>/memref.alloc(%%n) : memref<?xf32>/' \
// RUN:     -e 's/%%buf\[%%i\] : memref<4xf32>/%%buf[%%i] : memref<?xf32>/' \
// RUN:     -e 's/dealloc %%buf : memref<4xf32>/dealloc %%buf : memref<?xf32>/' \
// RUN:     %s > %t.dynamic.mlir
// RUN: %mlirc %t.dynamic.mlir --offload-arch=host -o %t.dynamic
// RUN: %t.dynamic | FileCheck %s
// RUN: not %mlirc %t.dynamic.mlir --offload-arch=vulkan -c -o %t.vk.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VULKAN
// RUN: not test -e %t.vk.o
// CHECK: [2,  4,  6,  8]
// VULKAN: dynamic.mlir:[[@LINE+13]]:12: error: 'memref.alloc' of a size known only at run time cannot be compiled for the Vulkan target: a shader's arrays have a size fixed when it is compiled; give it a static shape, or pass the buffer to the kernel
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = gpu.alloc host_shared () : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    // Thread t fills t + 1 elements with 2 and sums them.
    %n = arith.addi %tx, %c1 : index
    %two = arith.constant 2.0 : f32
    %zero = arith.constant 0.0 : f32
    %buf = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %two, %buf[%i] : memref<4xf32>
    }
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> f32 {
      %v = memref.load %buf[%i] : memref<4xf32>
      %b = arith.addf %a, %v : f32
      scf.yield %b : f32
    }
    %own = memref.alloc() : memref<1xf32, #gpu.address_space<private>>
    memref.store %s, %own[%c0] : memref<1xf32, #gpu.address_space<private>>
    %r = memref.load %own[%c0] : memref<1xf32, #gpu.address_space<private>>
    memref.store %r, %out[%tx] : memref<4xf32>
    memref.dealloc %own : memref<1xf32, #gpu.address_space<private>>
    memref.dealloc %buf : memref<4xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
