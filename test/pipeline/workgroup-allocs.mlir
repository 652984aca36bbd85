// RUN: mlirc-opt --pass-pipeline='builtin.module(gpu.module(mlirc-workgroup-allocs))' %s --split-input-file --verify-diagnostics | FileCheck %s
// Workgroup allocations in a kernel become its workgroup attributions (one
// buffer for the block), their deallocs go; other memory spaces' stay as
// they are. A device function's, and one of a dynamic shape, are errors.

// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: workgroup(%[[A:.*]] : memref<16xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<4xi32, 3>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: memref.alloc() : memref<2xf32>
gpu.module @k {
  gpu.func @kernel(%x: f32, %i: i32) kernel {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %x, %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.dealloc %a : memref<16xf32, #gpu.address_space<workgroup>>
    %b = memref.alloca() : memref<4xi32, 3>
    memref.store %i, %b[%c0] : memref<4xi32, 3>
    %own = memref.alloc() : memref<2xf32>
    memref.store %x, %own[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

gpu.module @k {
  func.func @helper(%x: f32) {
    %c0 = arith.constant 0 : index
    // expected-error @below {{a workgroup memory buffer cannot be allocated in a device function: workgroup memory belongs to the kernel; allocate it in the kernel and pass it to the function}}
    %a = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
    memref.store %x, %a[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
    return
  }
}

// -----

gpu.module @k {
  gpu.func @kernel(%n: index) kernel {
    // expected-error @below {{a workgroup memory buffer of a size known only at run time cannot be allocated in a kernel: workgroup memory is laid out when the kernel is compiled; give it a static shape, or use gpu.dynamic_shared_memory}}
    %a = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
