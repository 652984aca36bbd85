// A kernel with 400000 bytes of static workgroup memory: more than any GPU
// gives a block (NVIDIA 48 KB static, AMD 64 KB, Vulkan devices 16 to 64 KB).
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %out = gpu.alloc host_shared () : memref<2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<100000xf32, #gpu.address_space<workgroup>>) {
    %c50000 = arith.constant 50000 : index
    %i = arith.muli %tx, %c50000 : index
    %ti = arith.index_cast %tx : index to i32
    %f = arith.sitofp %ti : i32 to f32
    memref.store %f, %s[%i] : memref<100000xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %o = arith.subi %c1, %tx : index
    %j = arith.muli %o, %c50000 : index
    %v = memref.load %s[%j] : memref<100000xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tx] : memref<2xf32>
    gpu.terminator
  }
  %r = memref.load %out[%c0] : memref<2xf32>
  vector.print %r : f32
  return
}
