// y = a * x + y on the device, callable from C and C++: the function takes
// its arrays as memref descriptors (llvm.emit_c_interface makes
// _mlir_ciface_saxpy_on_device, which takes pointers to them), copies them
// to the device, runs one kernel and copies y back.
module {
  func.func @saxpy_on_device(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %dx = gpu.alloc(%n) : memref<?xf32>
    %dy = gpu.alloc(%n) : memref<?xf32>
    gpu.memcpy %dx, %x : memref<?xf32>, memref<?xf32>
    gpu.memcpy %dy, %y : memref<?xf32>, memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %xi = memref.load %dx[%i] : memref<?xf32>
        %yi = memref.load %dy[%i] : memref<?xf32>
        %ax = arith.mulf %a, %xi : f32
        %r = arith.addf %ax, %yi : f32
        memref.store %r, %dy[%i] : memref<?xf32>
      }
      gpu.terminator
    }
    gpu.memcpy %y, %dy : memref<?xf32>, memref<?xf32>
    gpu.dealloc %dx : memref<?xf32>
    gpu.dealloc %dy : memref<?xf32>
    return
  }
}
