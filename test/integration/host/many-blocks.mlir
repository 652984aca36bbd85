// A grid of 37x5x3 blocks, more than the host runtime hands out at a time,
// so the blocks a worker takes together cross rows, planes and the columns
// (16 blocks wide in x) the runtime walks the grid in: each block writes its
// ids where they belong; the host counts the places holding a wrong value
// (or none).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: errors: 0
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c37 = arith.constant 37 : index
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %unset = arith.constant -1 : i32
    %ids = gpu.alloc() : memref<3x5x37xi32>
    gpu.memset %ids, %unset : memref<3x5x37xi32>, i32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c37, %gy = %c5, %gz = %c3)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %y10 = arith.muli %by, %c10 : index
      %z100 = arith.muli %bz, %c100 : index
      %xy = arith.addi %bx, %y10 : index
      %xyz = arith.addi %xy, %z100 : index
      %v = arith.index_cast %xyz : index to i32
      memref.store %v, %ids[%bz, %by, %bx] : memref<3x5x37xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<3x5x37xi32>
    gpu.memcpy %h, %ids : memref<3x5x37xi32>, memref<3x5x37xi32>
    %errors = scf.for %z = %c0 to %c3 step %c1 iter_args(%ez = %c0) -> index {
      %ey = scf.for %y = %c0 to %c5 step %c1 iter_args(%ey0 = %ez) -> index {
        %ex = scf.for %x = %c0 to %c37 step %c1 iter_args(%ex0 = %ey0) -> index {
          %y10 = arith.muli %y, %c10 : index
          %z100 = arith.muli %z, %c100 : index
          %xy = arith.addi %x, %y10 : index
          %xyz = arith.addi %xy, %z100 : index
          %want = arith.index_cast %xyz : index to i32
          %got = memref.load %h[%z, %y, %x] : memref<3x5x37xi32>
          %bad = arith.cmpi ne, %got, %want : i32
          %one = arith.select %bad, %c1, %c0 : index
          %e = arith.addi %ex0, %one : index
          scf.yield %e : index
        }
        scf.yield %ex : index
      }
      scf.yield %ey : index
    }
    vector.print str "errors: "
    vector.print %errors : index
    return
  }
}
