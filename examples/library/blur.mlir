// y[i] = (x[i-1] + x[i] + x[i+1]) / 3 on the device, the ends repeating
// x's first and last element; callable as _mlir_ciface_blur (kernels.h).
module {
  func.func @blur(%x: memref<?xf32>, %y: memref<?xf32>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %dx = gpu.alloc(%n) : memref<?xf32>
    %dy = gpu.alloc(%n) : memref<?xf32>
    gpu.memcpy %dx, %x : memref<?xf32>, memref<?xf32>
    %blocks = arith.ceildivui %n, %c128 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %last = arith.subi %n, %c1 : index
        %im1 = arith.subi %i, %c1 : index
        %atStart = arith.cmpi eq, %i, %c0 : index
        %left = arith.select %atStart, %c0, %im1 : index
        %ip1 = arith.addi %i, %c1 : index
        %atEnd = arith.cmpi eq, %i, %last : index
        %right = arith.select %atEnd, %last, %ip1 : index
        %a = memref.load %dx[%left] : memref<?xf32>
        %b = memref.load %dx[%i] : memref<?xf32>
        %c = memref.load %dx[%right] : memref<?xf32>
        %ab = arith.addf %a, %b : f32
        %abc = arith.addf %ab, %c : f32
        %three = arith.constant 3.0 : f32
        %r = arith.divf %abc, %three : f32
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
