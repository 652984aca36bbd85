// Device code built elsewhere, as MLIR's gpu-module-to-binary writes it:
// PTX for sm_80 and sm_75 in `assembly` objects (the PTX is a stand-in).
module attributes {gpu.container_module} {
  gpu.binary @kernels [
    #gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".version 7.0\0A.target sm_80\0A.address_size 64\0A.visible .entry k(.param .u64 p)\0A{\0A\09ret;\0A}\0A">,
    #gpu.object<#nvvm.target<chip = "sm_75">, assembly = ".version 6.3\0A.target sm_75\0A.address_size 64\0A.visible .entry k(.param .u64 p)\0A{\0A\09ret;\0A}\0A">,
    // CUBIN: #gpu.object<#nvvm.target<chip = "sm_90">, bin = "\7FELF">,
    // HSACO: #gpu.object<#rocdl.target<chip = "gfx90a">, bin = "\7FELF">,
    #gpu.object<#nvvm.target<chip = "sm_86">, assembly = ".version 7.0\0A.target sm_86\0A.address_size 64\0A.visible .entry k(.param .u64 p)\0A{\0A\09ret;\0A}\0A">
  ]

  func.func @main() {
    %c1 = arith.constant 1 : index
    %p = arith.constant 0 : i64
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%p : i64)
    return
  }
}
