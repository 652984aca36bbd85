// A barrier inside an scf.while whose condition all threads of the block
// compute alike: a tree reduction halving its stride until it is zero.
// Each thread also counts the rounds (a value the loop carries and
// forwards). Prints the sums of two blocks of 256 threads, then the total
// of all threads' round counts (2 * 256 * 8).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 32896, 288896 )
// CHECK-NEXT: 4096
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %sums = gpu.alloc() : memref<2xi32>
    %rounds = gpu.alloc() : memref<512xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1)
        workgroup(%shared : memref<256xi32, #gpu.address_space<workgroup>>) {
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k128 = arith.constant 128 : index
      %k256 = arith.constant 256 : index
      %k1000 = arith.constant 1000 : index
      %base = arith.muli %bx, %k1000 : index
      %t1 = arith.addi %tx, %k1 : index
      %v = arith.addi %t1, %base : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %shared[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %final:2 = scf.while (%s = %k128, %n = %zero) : (index, i32) -> (index, i32) {
        %more = arith.cmpi ugt, %s, %k0 : index
        scf.condition(%more) %s, %n : index, i32
      } do {
      ^bb0(%s: index, %n: i32):
        %active = arith.cmpi ult, %tx, %s : index
        scf.if %active {
          %other = arith.addi %tx, %s : index
          %a = memref.load %shared[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %b = memref.load %shared[%other] : memref<256xi32, #gpu.address_space<workgroup>>
          %sum = arith.addi %a, %b : i32
          memref.store %sum, %shared[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %half = arith.divui %s, %k2 : index
        %n1 = arith.addi %n, %one : i32
        scf.yield %half, %n1 : index, i32
      }
      %slot0 = arith.muli %bx, %k256 : index
      %slot = arith.addi %slot0, %tx : index
      memref.store %final#1, %rounds[%slot] : memref<512xi32>
      %first = arith.cmpi eq, %tx, %k0 : index
      scf.if %first {
        %total = memref.load %shared[%k0] : memref<256xi32, #gpu.address_space<workgroup>>
        memref.store %total, %sums[%bx] : memref<2xi32>
      }
      gpu.terminator
    }
    %hs = memref.alloc() : memref<2xi32>
    gpu.memcpy %hs, %sums : memref<2xi32>, memref<2xi32>
    %s0 = memref.load %hs[%c0] : memref<2xi32>
    %s1 = memref.load %hs[%c1] : memref<2xi32>
    %pair0 = vector.broadcast %s0 : i32 to vector<2xi32>
    %pair = vector.insert %s1, %pair0 [1] : i32 into vector<2xi32>
    vector.print %pair : vector<2xi32>
    %hr = memref.alloc() : memref<512xi32>
    gpu.memcpy %hr, %rounds : memref<512xi32>, memref<512xi32>
    %zero = arith.constant 0 : i32
    %all = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> i32 {
      %r = memref.load %hr[%i] : memref<512xi32>
      %a = arith.addi %acc, %r : i32
      scf.yield %a : i32
    }
    vector.print %all : i32
    return
  }
}
