// D = max(A * B + bias, 0) for 384x384 f32 matrices, written on tensors:
// linalg.fill, linalg.matmul and a linalg.generic on tensors, in a
// function called once per run, so mlirc bufferizes across the call and
// frees each run's result. bench/linalg-memrefs.mlir is the same program
// on memrefs. Prints the seconds one run takes (best of several) and
// D[1][2].
module {
  func.func private @rtclock() -> f64

  func.func @layer(%a: tensor<384x384xf32>, %b: tensor<384x384xf32>,
                   %bias: tensor<384xf32>) -> tensor<384x384xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<384x384xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<384x384xf32>) -> tensor<384x384xf32>
    %p = linalg.matmul ins(%a, %b : tensor<384x384xf32>, tensor<384x384xf32>)
                       outs(%z : tensor<384x384xf32>) -> tensor<384x384xf32>
    %r = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                         affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%p, %bias : tensor<384x384xf32>, tensor<384xf32>) outs(%e : tensor<384x384xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %s = arith.addf %x, %y : f32
      %m = arith.maximumf %s, %zero : f32
      linalg.yield %m : f32
    } -> tensor<384x384xf32>
    return %r : tensor<384x384xf32>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %runs = arith.constant 5 : index
    // A[i][k] = (i + k) % 7, B[k][j] = (k * j) % 5 - 2, bias[j] = j % 3 - 1.
    %a = tensor.generate {
    ^bb0(%i: index, %k: index):
      %s = arith.addi %i, %k : index
      %c7 = arith.constant 7 : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      tensor.yield %f : f32
    } : tensor<384x384xf32>
    %b = tensor.generate {
    ^bb0(%k: index, %j: index):
      %p = arith.muli %k, %j : index
      %c5 = arith.constant 5 : index
      %r = arith.remui %p, %c5 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %two = arith.constant 2.0 : f32
      %g = arith.subf %f, %two : f32
      tensor.yield %g : f32
    } : tensor<384x384xf32>
    %bias = tensor.generate {
    ^bb0(%j: index):
      %c3 = arith.constant 3 : index
      %r = arith.remui %j, %c3 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %one = arith.constant 1.0 : f32
      %g = arith.subf %f, %one : f32
      tensor.yield %g : f32
    } : tensor<384xf32>
    %inf = arith.constant 1.0e30 : f64
    %nan = arith.constant 0.0 : f32
    %best, %v = scf.for %r = %c0 to %runs step %c1
        iter_args(%bestSoFar = %inf, %last = %nan) -> (f64, f32) {
      %t0 = func.call @rtclock() : () -> f64
      %d = func.call @layer(%a, %b, %bias)
          : (tensor<384x384xf32>, tensor<384x384xf32>, tensor<384xf32>) -> tensor<384x384xf32>
      %t1 = func.call @rtclock() : () -> f64
      %x = tensor.extract %d[%c1, %c2] : tensor<384x384xf32>
      %dt = arith.subf %t1, %t0 : f64
      %m = arith.minimumf %bestSoFar, %dt : f64
      scf.yield %m, %x : f64, f32
    }
    vector.print %best : f64
    vector.print %v : f32
    return
  }
}
