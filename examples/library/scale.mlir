// x = a * x on the device, callable from C and C++ as _mlir_ciface_scale
// (kernels.h).
module {
  func.func @scale(%a: f32, %x: memref<?xf32>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %dx = gpu.alloc(%n) : memref<?xf32>
    gpu.memcpy %dx, %x : memref<?xf32>, memref<?xf32>
    %blocks = arith.ceildivui %n, %c128 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %v = memref.load %dx[%i] : memref<?xf32>
        %r = arith.mulf %a, %v : f32
        memref.store %r, %dx[%i] : memref<?xf32>
      }
      gpu.terminator
    }
    gpu.memcpy %x, %dx : memref<?xf32>, memref<?xf32>
    gpu.dealloc %dx : memref<?xf32>
    return
  }
}
