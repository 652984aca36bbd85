// linalg on memrefs, in host code and in a kernel, lowered to loops.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK:      [5,  5,  5],
// CHECK-NEXT: [5,  5,  5]
// CHECK:      [7,  8,  9]
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<2x5xf32>
  %b = memref.alloc() : memref<5x3xf32>
  %c = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2x5xf32>)
  linalg.fill ins(%one : f32) outs(%b : memref<5x3xf32>)
  linalg.fill ins(%zero : f32) outs(%c : memref<2x3xf32>)
  linalg.matmul ins(%a, %b : memref<2x5xf32>, memref<5x3xf32>)
                outs(%c : memref<2x3xf32>)
  %cu = memref.cast %c : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()

  // A kernel adding a row of c to a vector with linalg.generic.
  %v = gpu.alloc host_shared () : memref<3xf32>
  %row = gpu.alloc host_shared () : memref<3xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k = arith.constant 1.0 : f32
    linalg.fill ins(%k : f32) outs(%row : memref<3xf32>)
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                    iterator_types = ["parallel"]} outs(%v : memref<3xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %s = arith.addf %f, %k : f32
      linalg.yield %s : f32
    }
    gpu.terminator
  }
  linalg.add ins(%v, %row : memref<3xf32>, memref<3xf32>)
             outs(%v : memref<3xf32>)
  %fives = memref.subview %c[0, 0] [1, 3] [1, 1]
      : memref<2x3xf32> to memref<3xf32, strided<[1]>>
  linalg.add ins(%v, %fives : memref<3xf32>, memref<3xf32, strided<[1]>>)
             outs(%v : memref<3xf32>)
  %vu = memref.cast %v : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  return
}
