// Subgroup operations whose results do not depend on the subgroup size
// (lavapipe's subgroups have 8 lanes, NVIDIA's 32, AMD's 32 or 64, the
// host target's 32): block-wide reductions, a subgroup sum that must equal
// the subgroup's size, shuffles within 4 lanes, and a reduction over
// clusters of 4 lanes. 256 threads each store their results.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sum 32640 max 255 min 0 size-ok 256 xor-ok 256 down-ok 256 cluster-ok 256
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c256 = arith.constant 256 : index
    %out = gpu.alloc() : memref<7x256xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i3 = arith.constant 3 : i32
      %i4 = arith.constant 4 : i32
      %i6 = arith.constant 6 : i32
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      %k4 = arith.constant 4 : index
      %k5 = arith.constant 5 : index
      %k6 = arith.constant 6 : index
      %sum = gpu.all_reduce add %t uniform {} : (i32) -> i32
      %max = gpu.all_reduce maxsi %t uniform {} : (i32) -> i32
      %min = gpu.all_reduce minsi %t uniform {} : (i32) -> i32
      memref.store %sum, %out[%k0, %tx] : memref<7x256xi32>
      memref.store %max, %out[%k1, %tx] : memref<7x256xi32>
      memref.store %min, %out[%k2, %tx] : memref<7x256xi32>
      // Each lane adds 1: the subgroup's size.
      %ones = gpu.subgroup_reduce add %i1 : (i32) -> i32
      %size = gpu.subgroup_size : index
      %sizei = arith.index_cast %size : index to i32
      %same = arith.cmpi eq, %ones, %sizei : i32
      %samei = arith.extui %same : i1 to i32
      memref.store %samei, %out[%k3, %tx] : memref<7x256xi32>
      // Within 4 lanes: the partner's id, and the next lane's id.
      %x, %xvalid = gpu.shuffle xor %t, %i1, %i4 : i32
      %partner = arith.xori %t, %i1 : i32
      %xok = arith.cmpi eq, %x, %partner : i32
      %xoki = arith.extui %xok : i1 to i32
      memref.store %xoki, %out[%k4, %tx] : memref<7x256xi32>
      %d, %dvalid = gpu.shuffle down %t, %i1, %i4 : i32
      %next = arith.addi %t, %i1 : i32
      %inCluster = arith.andi %t, %i3 : i32
      %last = arith.cmpi eq, %inCluster, %i3 : i32
      %dok = arith.cmpi eq, %d, %next : i32
      %dright = arith.cmpi ne, %dvalid, %last : i1
      %dboth = arith.andi %dright, %dok : i1
      %dlast = arith.andi %last, %dright : i1
      %downok = arith.ori %dboth, %dlast : i1
      %downi = arith.extui %downok : i1 to i32
      memref.store %downi, %out[%k5, %tx] : memref<7x256xi32>
      // Over clusters of 4: 4 * first + 6.
      %c = gpu.subgroup_reduce add %t cluster(size = 4) : (i32) -> i32
      %first = arith.subi %t, %inCluster : i32
      %four = arith.muli %first, %i4 : i32
      %expect = arith.addi %four, %i6 : i32
      %cok = arith.cmpi eq, %c, %expect : i32
      %coki = arith.extui %cok : i1 to i32
      memref.store %coki, %out[%k6, %tx] : memref<7x256xi32>
      gpu.terminator
    }
    %host = memref.alloc() : memref<7x256xi32>
    gpu.memcpy %host, %out : memref<7x256xi32>, memref<7x256xi32>
    // The first thread's reductions, then how many threads were right.
    %counts = memref.alloc() : memref<7xi64>
    %zero = arith.constant 0 : i64
    scf.for %row = %c0 to %c7 step %c1 {
      %counted = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> i64 {
        %v = memref.load %host[%row, %i] : memref<7x256xi32>
        %w = arith.extsi %v : i32 to i64
        %n = arith.addi %acc, %w : i64
        scf.yield %n : i64
      }
      memref.store %counted, %counts[%row] : memref<7xi64>
    }
    %s = memref.load %host[%c0, %c0] : memref<7x256xi32>
    %m = memref.load %host[%c1, %c0] : memref<7x256xi32>
    %c2 = arith.constant 2 : index
    %n = memref.load %host[%c2, %c0] : memref<7x256xi32>
    %s64 = arith.extsi %s : i32 to i64
    %m64 = arith.extsi %m : i32 to i64
    %n64 = arith.extsi %n : i32 to i64
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %okSize = memref.load %counts[%c3] : memref<7xi64>
    %okXor = memref.load %counts[%c4] : memref<7xi64>
    %okDown = memref.load %counts[%c5] : memref<7xi64>
    %okCluster = memref.load %counts[%c6] : memref<7xi64>
    vector.print str "sum "
    vector.print %s64 : i64 punctuation <no_punctuation>
    vector.print str " max "
    vector.print %m64 : i64 punctuation <no_punctuation>
    vector.print str " min "
    vector.print %n64 : i64 punctuation <no_punctuation>
    vector.print str " size-ok "
    vector.print %okSize : i64 punctuation <no_punctuation>
    vector.print str " xor-ok "
    vector.print %okXor : i64 punctuation <no_punctuation>
    vector.print str " down-ok "
    vector.print %okDown : i64 punctuation <no_punctuation>
    vector.print str " cluster-ok "
    vector.print %okCluster : i64
    return
  }
}
