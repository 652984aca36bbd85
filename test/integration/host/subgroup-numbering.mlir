// gpu.subgroup_id and gpu.num_subgroups in a block of 13x4x2 threads,
// which drivers may pack into subgroups as they like (lavapipe gives two
// of its subgroups one SubgroupId there): every (subgroup, lane) pair is
// one thread's, every subgroup id is below gpu.num_subgroups, and each of
// those ids has a thread. Each thread counts itself in cell
// 64 * subgroup + lane; the host prints the cells counted twice, the
// threads whose id is out of range, the ids no thread has, and the threads.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0,  0,  0,  104]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @count(%cells: memref<4096xi32>, %total: memref<1xi32>) kernel attributes {known_block_size = array<i32: 13, 4, 2>} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %one = arith.constant 1 : i32
      %sg = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      %lane = gpu.lane_id
      %in = arith.cmpi ult, %sg, %n : index
      scf.if %in {
        %row = arith.muli %sg, %c64 : index
        %cell = arith.addi %row, %lane : index
        %old = memref.atomic_rmw addi %one, %cells[%cell] : (i32, memref<4096xi32>) -> i32
      } else {
        %bad = arith.constant 100000 : i32
        %old = memref.atomic_rmw addi %bad, %total[%c0] : (i32, memref<1xi32>) -> i32
      }
      %ni = arith.index_cast %n : index to i32
      %scaled = arith.muli %ni, %one : i32
      %old2 = memref.atomic_rmw maxu %scaled, %total[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %zero = arith.constant 0 : i32
    %hc = memref.alloc() : memref<4096xi32>
    %ht = memref.alloc() : memref<1xi32>
    linalg.fill ins(%zero : i32) outs(%hc : memref<4096xi32>)
    linalg.fill ins(%zero : i32) outs(%ht : memref<1xi32>)
    %cells = gpu.alloc() : memref<4096xi32>
    %total = gpu.alloc() : memref<1xi32>
    gpu.memcpy %cells, %hc : memref<4096xi32>, memref<4096xi32>
    gpu.memcpy %total, %ht : memref<1xi32>, memref<1xi32>
    gpu.launch_func @k::@count blocks in (%c1, %c1, %c1) threads in (%c13, %c4, %c2) args(%cells : memref<4096xi32>, %total : memref<1xi32>)
    gpu.memcpy %hc, %cells : memref<4096xi32>, memref<4096xi32>
    gpu.memcpy %ht, %total : memref<1xi32>, memref<1xi32>
    %t = memref.load %ht[%c0] : memref<1xi32>
    %c100000 = arith.constant 100000 : i32
    %outOfRange = arith.divui %t, %c100000 : i32
    %n = arith.remui %t, %c100000 : i32
    %nIndex = arith.index_cast %n : i32 to index
    // Cells counted more than once, threads counted, and ids below n
    // without a thread.
    %r:3 = scf.for %s = %c0 to %c64 step %c1 iter_args(%shared = %zero, %threads = %zero, %unused = %zero) -> (i32, i32, i32) {
      %row:3 = scf.for %l = %c0 to %c64 step %c1 iter_args(%sh = %shared, %th = %threads, %seen = %zero) -> (i32, i32, i32) {
        %base = arith.muli %s, %c64 : index
        %at = arith.addi %base, %l : index
        %v = memref.load %hc[%at] : memref<4096xi32>
        %one = arith.constant 1 : i32
        %twice = arith.cmpi ugt, %v, %one : i32
        %sh1 = arith.addi %sh, %one : i32
        %sh2 = arith.select %twice, %sh1, %sh : i32
        %th2 = arith.addi %th, %v : i32
        %seen2 = arith.addi %seen, %v : i32
        scf.yield %sh2, %th2, %seen2 : i32, i32, i32
      }
      %below = arith.cmpi ult, %s, %nIndex : index
      %empty = arith.cmpi eq, %row#2, %zero : i32
      %gap = arith.andi %below, %empty : i1
      %one = arith.constant 1 : i32
      %u1 = arith.addi %unused, %one : i32
      %u2 = arith.select %gap, %u1, %unused : i32
      scf.yield %row#0, %row#1, %u2 : i32, i32, i32
    }
    %report = memref.alloc() : memref<4xi32>
    %c3 = arith.constant 3 : index
    memref.store %r#0, %report[%c0] : memref<4xi32>
    memref.store %outOfRange, %report[%c1] : memref<4xi32>
    memref.store %r#2, %report[%c2] : memref<4xi32>
    memref.store %r#1, %report[%c3] : memref<4xi32>
    %u = memref.cast %report : memref<4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
