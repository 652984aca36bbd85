// c[i] = a[i] + b[i] on 16 floats with one gpu.launch, copying through
// device buffers, then prints the result with printMemrefF32.
module {
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @run_vecadd() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 16 : index
    %a = memref.alloc() : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    %c = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %two = arith.constant 2.0 : f32
      %g = arith.mulf %f, %two : f32
      memref.store %f, %a[%i] : memref<16xf32>
      memref.store %g, %b[%i] : memref<16xf32>
    }
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] () : memref<16xf32>
    %db, %t2 = gpu.alloc async [%t1] () : memref<16xf32>
    %dc, %t3 = gpu.alloc async [%t2] () : memref<16xf32>
    %t4 = gpu.memcpy async [%t3] %da, %a : memref<16xf32>, memref<16xf32>
    %t5 = gpu.memcpy async [%t4] %db, %b : memref<16xf32>, memref<16xf32>
    %t6 = gpu.launch async [%t5] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
      %x = memref.load %da[%tx] : memref<16xf32>
      %y = memref.load %db[%tx] : memref<16xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %dc[%tx] : memref<16xf32>
      gpu.terminator
    }
    %t7 = gpu.memcpy async [%t6] %c, %dc : memref<16xf32>, memref<16xf32>
    gpu.wait [%t7]
    %u = memref.cast %c : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
