// The host target: a stencil's guard (x and y inside the interior) becomes
// the x thread loop's range, emptied in the y iterations the guard leaves
// out, so the body has no branch and LLVM vectorizes it, as in C. With the
// branch left in the loop, the stores are conditional and it does not.
// RUN: %mlirc -S %s --offload-arch=host -o - | FileCheck %s
// CHECK-LABEL: __mlirc_host_entry.k_stencil_{{[0-9a-f]+}}:
// CHECK: addps
// CHECK: movups
// CHECK-LABEL: .Lfunc_end
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @stencil(%n: index, %in: memref<?x?xf32>, %out: memref<?x?xf32>) kernel {
      %c1 = arith.constant 1 : index
      %j = gpu.global_id x
      %i = gpu.global_id y
      %last = arith.subi %n, %c1 : index
      %i0 = arith.cmpi uge, %i, %c1 : index
      %i1 = arith.cmpi ult, %i, %last : index
      %j0 = arith.cmpi uge, %j, %c1 : index
      %j1 = arith.cmpi ult, %j, %last : index
      %ii = arith.andi %i0, %i1 : i1
      %jj = arith.andi %j0, %j1 : i1
      %inside = arith.andi %ii, %jj : i1
      scf.if %inside {
        %jm = arith.subi %j, %c1 : index
        %jp = arith.addi %j, %c1 : index
        %w = memref.load %in[%i, %jm] : memref<?x?xf32>
        %e = memref.load %in[%i, %jp] : memref<?x?xf32>
        %s = arith.addf %w, %e : f32
        memref.store %s, %out[%i, %j] : memref<?x?xf32>
      }
      gpu.return
    }
  }
  func.func @run(%n: index, %in: memref<?x?xf32>, %out: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@stencil blocks in (%n, %n, %c1) threads in (%c32, %c8, %c1)
        args(%n : index, %in : memref<?x?xf32>, %out : memref<?x?xf32>)
    return
  }
}
