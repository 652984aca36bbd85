// bench/linalg-tensors.mlir written on memrefs: the same linalg ops on
// buffers the program allocates once. Prints the seconds one run takes
// (best of several) and D[1][2].
module {
  func.func private @rtclock() -> f64

  func.func @layer(%a: memref<384x384xf32>, %b: memref<384x384xf32>,
                   %bias: memref<384xf32>, %p: memref<384x384xf32>,
                   %d: memref<384x384xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%p : memref<384x384xf32>)
    linalg.matmul ins(%a, %b : memref<384x384xf32>, memref<384x384xf32>)
                  outs(%p : memref<384x384xf32>)
    linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                         affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%p, %bias : memref<384x384xf32>, memref<384xf32>) outs(%d : memref<384x384xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %s = arith.addf %x, %y : f32
      %m = arith.maximumf %s, %zero : f32
      linalg.yield %m : f32
    }
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %n = arith.constant 384 : index
    %runs = arith.constant 5 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %a = memref.alloc() : memref<384x384xf32>
    %b = memref.alloc() : memref<384x384xf32>
    %bias = memref.alloc() : memref<384xf32>
    %p = memref.alloc() : memref<384x384xf32>
    %d = memref.alloc() : memref<384x384xf32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %s = arith.addi %i, %j : index
        %r = arith.remui %s, %c7 : index
        %ri = arith.index_cast %r : index to i32
        %f = arith.sitofp %ri : i32 to f32
        memref.store %f, %a[%i, %j] : memref<384x384xf32>
        %q = arith.muli %i, %j : index
        %r2 = arith.remui %q, %c5 : index
        %ri2 = arith.index_cast %r2 : index to i32
        %f2 = arith.sitofp %ri2 : i32 to f32
        %g = arith.subf %f2, %two : f32
        memref.store %g, %b[%i, %j] : memref<384x384xf32>
      }
      %r3 = arith.remui %i, %c3 : index
      %ri3 = arith.index_cast %r3 : index to i32
      %f3 = arith.sitofp %ri3 : i32 to f32
      %h = arith.subf %f3, %one : f32
      memref.store %h, %bias[%i] : memref<384xf32>
    }
    %inf = arith.constant 1.0e30 : f64
    %best = scf.for %r = %c0 to %runs step %c1 iter_args(%bestSoFar = %inf) -> f64 {
      %t0 = func.call @rtclock() : () -> f64
      func.call @layer(%a, %b, %bias, %p, %d)
          : (memref<384x384xf32>, memref<384x384xf32>, memref<384xf32>,
             memref<384x384xf32>, memref<384x384xf32>) -> ()
      %t1 = func.call @rtclock() : () -> f64
      %dt = arith.subf %t1, %t0 : f64
      %m = arith.minimumf %bestSoFar, %dt : f64
      scf.yield %m : f64
    }
    vector.print %best : f64
    %v = memref.load %d[%c1, %c2] : memref<384x384xf32>
    vector.print %v : f32
    memref.dealloc %a : memref<384x384xf32>
    memref.dealloc %b : memref<384x384xf32>
    memref.dealloc %bias : memref<384xf32>
    memref.dealloc %p : memref<384x384xf32>
    memref.dealloc %d : memref<384x384xf32>
    return
  }
}
