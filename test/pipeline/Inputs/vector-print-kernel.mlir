// vector.print of scalars, vectors (0-D to 2-D), i1, index, f16 and
// strings in a kernel, on values it loads.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @show(%in: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = vector.load %in[%c0] : memref<4xf32>, vector<3xf32>
      %n = memref.load %in[%c1] : memref<4xf32>
      %i = arith.fptosi %n : f32 to i8
      %z = vector.broadcast %i : i8 to vector<i8>
      %b = vector.broadcast %n : f32 to vector<2x2xf32>
      %m = vector.load %in[%c0] : memref<4xf32>, vector<2xf32>
      %mm = vector.broadcast %m : vector<2xf32> to vector<2x2xf32>
      %cmp = arith.cmpf olt, %b, %mm : vector<2x2xf32>
      %h = arith.truncf %n : f32 to f16
      %x = arith.index_cast %i : i8 to index
      %big = arith.extsi %i : i8 to i64
      vector.print %a : vector<3xf32>
      vector.print %z : vector<i8>
      vector.print %cmp : vector<2x2xi1>
      vector.print %i : i8
      vector.print %x : index
      vector.print %big : i64
      vector.print %h : f16
      vector.print %i : i8 punctuation <comma>
      vector.print punctuation <open>
      vector.print str "100% sure\n"
      vector.print
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %in = gpu.alloc host_shared () : memref<4xf32>
    %values = arith.constant dense<[1.5, -2.0, 1.0e20, 0x7FC00000]> : vector<4xf32>
    vector.store %values, %in[%c0] : memref<4xf32>, vector<4xf32>
    gpu.launch_func @k::@show blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%in : memref<4xf32>)
    return
  }
}
