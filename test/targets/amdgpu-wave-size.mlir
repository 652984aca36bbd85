// REQUIRES: rocm-device-libs
// Subgroup operations follow each chip's wave size: gfx9 (CDNA) runs 64
// threads a wavefront, gfx10+ (RDNA) 32, so every arch gets its own
// lowering. gpu.subgroup_size is the chip's, gpu.lane_id counts all 64
// lanes on wave64 (mbcnt lo and hi), subgroup_reduce spans the whole
// wavefront, and the code objects say which wave size they need.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %mlirc -c -save-temps %s --offload-arch=gfx90a,gfx1100 -o k.o
// RUN: FileCheck %s --check-prefix=WAVE64-IR < amdgpu-wave-size.kernels.gfx90a.ll
// RUN: FileCheck %s --check-prefix=WAVE64-ISA < amdgpu-wave-size.kernels.gfx90a.s
// RUN: FileCheck %s --check-prefix=WAVE32-IR < amdgpu-wave-size.kernels.gfx1100.ll
// RUN: FileCheck %s --check-prefix=WAVE32-ISA < amdgpu-wave-size.kernels.gfx1100.s
// WAVE64-IR: store i32 64, ptr addrspace(1)
// WAVE64-IR: @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
// WAVE64-IR: @llvm.amdgcn.mbcnt.hi(i32 -1,
// WAVE64-ISA-NOT: .amdhsa_wavefront_size32 1
// WAVE64-ISA: v_mbcnt_hi_u32_b32
// WAVE64-ISA: .wavefront_size: 64
// WAVE32-IR: store i32 32, ptr addrspace(1)
// WAVE32-IR-NOT: mbcnt.hi
// WAVE32-ISA: .amdhsa_wavefront_size32 1
// WAVE32-ISA: .wavefront_size: 32

// The subgroup reduction's butterfly: up to xor 32 across 64 lanes, up to
// xor 16 across 32.
// RUN: %mlirc --compile-to=device %s --offload-arch=gfx90a,gfx1100 -o /dev/null -mmlir --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=BUTTERFLY
// BUTTERFLY: IR Dump After {{.*}}ExpandGpuOps
// BUTTERFLY: gpu.module @kernels [#rocdl.target<chip = "gfx90a"
// BUTTERFLY: gpu.shuffle xor %{{.*}}, %c32_i32, %c64_i32
// BUTTERFLY: IR Dump After {{.*}}ExpandGpuOps
// BUTTERFLY: gpu.module @kernels_amd_1 [#rocdl.target<chip = "gfx1100"
// BUTTERFLY-NOT: %c64_i32
// BUTTERFLY: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// BUTTERFLY-NOT: %c64_i32
// BUTTERFLY: IR Dump After
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @waves(%out: memref<256xf32>, %size: memref<i32>, %lanes: memref<256xi32>) kernel {
      %tid = gpu.thread_id x
      %sg = gpu.subgroup_size : index
      %sg32 = arith.index_cast %sg : index to i32
      memref.store %sg32, %size[] : memref<i32>
      %lane = gpu.lane_id
      %lane32 = arith.index_cast %lane : index to i32
      memref.store %lane32, %lanes[%tid] : memref<256xi32>
      %v = memref.load %out[%tid] : memref<256xf32>
      %r = gpu.subgroup_reduce add %v : (f32) -> f32
      %c1 = arith.constant 1 : i32
      %w = arith.index_cast %sg : index to i32
      %s, %ok = gpu.shuffle xor %r, %c1, %w : f32
      %a = gpu.all_reduce add %s uniform {} : (f32) -> f32
      memref.store %a, %out[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
