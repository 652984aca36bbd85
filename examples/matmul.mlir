// C = A * B for 16x16 matrices with 4x4 tiles staged in workgroup (shared)
// memory and gpu.barrier between loading a tile and using it.
// A[i][k] = 16 * i + k and B is the identity, so C must equal A: every
// element is distinct, which checks the tile indexing end to end.
module {
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %a = memref.alloc() : memref<16x16xf32>
    %b = memref.alloc() : memref<16x16xf32>
    %c = memref.alloc() : memref<16x16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %row = arith.muli %i, %c16 : index
        %v = arith.addi %row, %k : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %a[%i, %k] : memref<16x16xf32>
        %diag = arith.cmpi eq, %i, %k : index
        %bv = arith.select %diag, %one, %zero : f32
        memref.store %bv, %b[%i, %k] : memref<16x16xf32>
      }
    }
    %da = gpu.alloc() : memref<16x16xf32>
    %db = gpu.alloc() : memref<16x16xf32>
    %dc = gpu.alloc() : memref<16x16xf32>
    gpu.memcpy %da, %a : memref<16x16xf32>, memref<16x16xf32>
    gpu.memcpy %db, %b : memref<16x16xf32>, memref<16x16xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c4, %sz = %c1)
        workgroup(%tileA : memref<4x4xf32, #gpu.address_space<workgroup>>,
                  %tileB : memref<4x4xf32, #gpu.address_space<workgroup>>) {
      %rowBase = arith.muli %by, %c4 : index
      %colBase = arith.muli %bx, %c4 : index
      %row = arith.addi %rowBase, %ty : index
      %col = arith.addi %colBase, %tx : index
      %sum = scf.for %t = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
        %kBase = arith.muli %t, %c4 : index
        %ka = arith.addi %kBase, %tx : index
        %kb = arith.addi %kBase, %ty : index
        %av = memref.load %da[%row, %ka] : memref<16x16xf32>
        %bv = memref.load %db[%kb, %col] : memref<16x16xf32>
        memref.store %av, %tileA[%ty, %tx]
            : memref<4x4xf32, #gpu.address_space<workgroup>>
        memref.store %bv, %tileB[%ty, %tx]
            : memref<4x4xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %partial = scf.for %k = %c0 to %c4 step %c1 iter_args(%p = %acc)
            -> f32 {
          %x = memref.load %tileA[%ty, %k]
              : memref<4x4xf32, #gpu.address_space<workgroup>>
          %y = memref.load %tileB[%k, %tx]
              : memref<4x4xf32, #gpu.address_space<workgroup>>
          %m = arith.mulf %x, %y : f32
          %s = arith.addf %p, %m : f32
          scf.yield %s : f32
        }
        gpu.barrier
        scf.yield %partial : f32
      }
      memref.store %sum, %dc[%row, %col] : memref<16x16xf32>
      gpu.terminator
    }
    gpu.memcpy %c, %dc : memref<16x16xf32>, memref<16x16xf32>
    %u = memref.cast %c : memref<16x16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
