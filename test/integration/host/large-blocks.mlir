// Blocks of 1024 threads (32x32, two blocks) and of 1000 threads (one block,
// its last subgroup partial): every thread checks what a barrier, a block
// reduction, a shuffle and (in the full subgroups of the 1024-thread
// blocks) a subgroup reduction give it, and stores how many were wrong.
// The host prints the sum of those counts.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: errors: 0
// CHECK-NEXT: errors: 0
module attributes {gpu.container_module} {
  gpu.module @k {
    // Thread t of block b holds t + 1 + 2000 b (t: the linear thread id).
    func.func @value(%lin: index) -> i32 {
      %b = gpu.block_id x
      %c1 = arith.constant 1 : index
      %c2000 = arith.constant 2000 : index
      %base = arith.muli %b, %c2000 : index
      %l1 = arith.addi %lin, %c1 : index
      %v = arith.addi %l1, %base : index
      %vi = arith.index_cast %v : index to i32
      return %vi : i32
    }
    func.func @count(%got: i32, %want: i32, %sofar: i32) -> i32 {
      %bad = arith.cmpi ne, %got, %want : i32
      %one = arith.extui %bad : i1 to i32
      %n = arith.addi %sofar, %one : i32
      return %n : i32
    }
    // Errors of the barrier: reading another thread's value.
    func.func @checkBarrier(%lin: index, %size: index, %v: i32,
                            %shared: memref<1024xi32, #gpu.address_space<workgroup>>)
        -> i32 {
      %c1 = arith.constant 1 : index
      memref.store %v, %shared[%lin] : memref<1024xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %last = arith.subi %size, %c1 : index
      %mirror = arith.subi %last, %lin : index
      %rev = memref.load %shared[%mirror] : memref<1024xi32, #gpu.address_space<workgroup>>
      %wantRev = func.call @value(%mirror) : (index) -> i32
      %zero = arith.constant 0 : i32
      %e = func.call @count(%rev, %wantRev, %zero) : (i32, i32, i32) -> i32
      return %e : i32
    }
    // Errors of the block reduction (in the kernel itself: MLIR lowers
    // gpu.all_reduce for NVIDIA only there): size (size + 1) / 2 + 2000 b size.
    func.func @checkSum(%sum: i32, %size: index, %sofar: i32) -> i32 {
      %c1 = arith.constant 1 : index
      %b = gpu.block_id x
      %s1 = arith.addi %size, %c1 : index
      %tri = arith.muli %size, %s1 : index
      %c2 = arith.constant 2 : index
      %half = arith.divui %tri, %c2 : index
      %c2000 = arith.constant 2000 : index
      %bs = arith.muli %b, %c2000 : index
      %bss = arith.muli %bs, %size : index
      %want = arith.addi %half, %bss : index
      %wanti = arith.index_cast %want : index to i32
      %e = func.call @count(%sum, %wanti, %sofar) : (i32, i32, i32) -> i32
      return %e : i32
    }
    gpu.func @full(%errors: memref<2048xi32>)
        workgroup(%shared: memref<1024xi32, #gpu.address_space<workgroup>>)
        kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %dx = gpu.block_dim x
      %b = gpu.block_id x
      %row = arith.muli %ty, %dx : index
      %lin = arith.addi %row, %tx : index
      %c1024 = arith.constant 1024 : index
      %v = func.call @value(%lin) : (index) -> i32
      %eb = func.call @checkBarrier(%lin, %c1024, %v, %shared)
          : (index, index, i32, memref<1024xi32, #gpu.address_space<workgroup>>) -> i32
      %sum = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
      %e = func.call @checkSum(%sum, %c1024, %eb) : (i32, index, i32) -> i32
      // Shuffle: the value of thread t xor 1.
      %o1 = arith.constant 1 : i32
      %w32 = arith.constant 32 : i32
      %x, %valid = gpu.shuffle xor %v, %o1, %w32 : i32
      %c1 = arith.constant 1 : index
      %partner = arith.xori %lin, %c1 : index
      %wantX = func.call @value(%partner) : (index) -> i32
      %e3 = func.call @count(%x, %wantX, %e) : (i32, i32, i32) -> i32
      // Subgroup reduction: 32 (32 s + 1 + 2000 b) + 496 for subgroup s.
      %sg = gpu.subgroup_reduce add %v uniform : (i32) -> i32
      %c32 = arith.constant 32 : index
      %s = arith.divui %lin, %c32 : index
      %first = arith.muli %s, %c32 : index
      %firstValue = func.call @value(%first) : (index) -> i32
      %firstIndex = arith.index_cast %firstValue : i32 to index
      %all = arith.muli %firstIndex, %c32 : index
      %c496 = arith.constant 496 : index
      %wantSg = arith.addi %all, %c496 : index
      %wantSgi = arith.index_cast %wantSg : index to i32
      %e4 = func.call @count(%sg, %wantSgi, %e3) : (i32, i32, i32) -> i32
      %slot0 = arith.muli %b, %c1024 : index
      %slot = arith.addi %slot0, %lin : index
      memref.store %e4, %errors[%slot] : memref<2048xi32>
      gpu.return
    }
    gpu.func @partial(%errors: memref<2048xi32>)
        workgroup(%shared: memref<1024xi32, #gpu.address_space<workgroup>>)
        kernel {
      %lin = gpu.thread_id x
      %size = gpu.block_dim x
      %v = func.call @value(%lin) : (index) -> i32
      %eb = func.call @checkBarrier(%lin, %size, %v, %shared)
          : (index, index, i32, memref<1024xi32, #gpu.address_space<workgroup>>) -> i32
      %sum = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
      %e = func.call @checkSum(%sum, %size, %eb) : (i32, index, i32) -> i32
      memref.store %e, %errors[%lin] : memref<2048xi32>
      gpu.return
    }
  }
  func.func @sum(%errors: memref<2048xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %h = memref.alloc() : memref<2048xi32>
    gpu.memcpy %h, %errors : memref<2048xi32>, memref<2048xi32>
    %zero = arith.constant 0 : i32
    %total = scf.for %i = %c0 to %c2048 step %c1 iter_args(%acc = %zero) -> i32 {
      %e = memref.load %h[%i] : memref<2048xi32>
      %s = arith.addi %acc, %e : i32
      scf.yield %s : i32
    }
    vector.print str "errors: "
    vector.print %total : i32
    memref.dealloc %h : memref<2048xi32>
    return
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c1000 = arith.constant 1000 : index
    %zero = arith.constant 0 : i32
    %errors = gpu.alloc() : memref<2048xi32>
    gpu.memset %errors, %zero : memref<2048xi32>, i32
    gpu.launch_func @k::@full blocks in (%c2, %c1, %c1)
        threads in (%c32, %c32, %c1) args(%errors : memref<2048xi32>)
    func.call @sum(%errors) : (memref<2048xi32>) -> ()
    gpu.memset %errors, %zero : memref<2048xi32>, i32
    gpu.launch_func @k::@partial blocks in (%c1, %c1, %c1)
        threads in (%c1000, %c1, %c1) args(%errors : memref<2048xi32>)
    func.call @sum(%errors) : (memref<2048xi32>) -> ()
    return
  }
}
