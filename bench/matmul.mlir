// C = A * B for 1024x1024 f32 matrices on the host target, written the GPU
// way: 16x16 tiles of A and B staged in workgroup memory, with gpu.barrier
// after loading a tile and after using it. Prints the seconds one multiply
// takes (best of several) and C[1][2].
module {
  func.func private @rtclock() -> f64
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 1024 : index
    %zero = arith.constant 0.0 : f32
    %a = gpu.alloc() : memref<1024x1024xf32>
    %b = gpu.alloc() : memref<1024x1024xf32>
    %c = gpu.alloc() : memref<1024x1024xf32>
    // A[i][k] = (i + k) % 7, B[k][j] = (k * j) % 5
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c64, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
      %i = gpu.global_id y
      %j = gpu.global_id x
      %s = arith.addi %i, %j : index
      %c7 = arith.constant 7 : index
      %c5 = arith.constant 5 : index
      %am = arith.remui %s, %c7 : index
      %p = arith.muli %i, %j : index
      %bm = arith.remui %p, %c5 : index
      %ai = arith.index_cast %am : index to i32
      %bi = arith.index_cast %bm : index to i32
      %af = arith.sitofp %ai : i32 to f32
      %bf = arith.sitofp %bi : i32 to f32
      memref.store %af, %a[%i, %j] : memref<1024x1024xf32>
      memref.store %bf, %b[%i, %j] : memref<1024x1024xf32>
      gpu.terminator
    }
    %inf = arith.constant 1.0e30 : f64
    %best = scf.for %r = %c0 to %c3 step %c1 iter_args(%bestSoFar = %inf) -> f64 {
      %t0 = func.call @rtclock() : () -> f64
      gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c64, %gz = %c1)
                 threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1)
          workgroup(%tileA : memref<16x16xf32, #gpu.address_space<workgroup>>,
                    %tileB : memref<16x16xf32, #gpu.address_space<workgroup>>) {
        %rowBase = arith.muli %by, %c16 : index
        %colBase = arith.muli %bx, %c16 : index
        %row = arith.addi %rowBase, %ty : index
        %col = arith.addi %colBase, %tx : index
        %sum = scf.for %t = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
          %kBase = arith.muli %t, %c16 : index
          %ka = arith.addi %kBase, %tx : index
          %kb = arith.addi %kBase, %ty : index
          %av = memref.load %a[%row, %ka] : memref<1024x1024xf32>
          %bv = memref.load %b[%kb, %col] : memref<1024x1024xf32>
          memref.store %av, %tileA[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          memref.store %bv, %tileB[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          gpu.barrier
          %partial = scf.for %k = %c0 to %c16 step %c1 iter_args(%p = %acc) -> f32 {
            %x = memref.load %tileA[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %y = memref.load %tileB[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %m = arith.mulf %x, %y : f32
            %s = arith.addf %p, %m : f32
            scf.yield %s : f32
          }
          gpu.barrier
          scf.yield %partial : f32
        }
        memref.store %sum, %c[%row, %col] : memref<1024x1024xf32>
        gpu.terminator
      }
      %t1 = func.call @rtclock() : () -> f64
      %d = arith.subf %t1, %t0 : f64
      %m = arith.minimumf %bestSoFar, %d : f64
      scf.yield %m : f64
    }
    vector.print %best : f64
    %v = memref.load %c[%c1, %c2] : memref<1024x1024xf32>
    vector.print %v : f32
    return
  }
}
