// Kernels written with branches (cf) may hold barriers, shuffles and
// reductions: the host target lifts the branches into scf ops, as the
// Vulkan target does, and places those ops by them. It was an error at
// the kernel ("needs structured control flow (scf)"). Here a choice
// between two values, a loop with barriers in it, and an exit.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s

// Thread t has v = 3t below 16, else t + 100; then three times it adds
// its right neighbour's value (t + 1 modulo 64) through workgroup memory;
// then it reads its xor-1 partner's.
// CHECK: [60,  36,  108,  84,  156,  132,  204,  180,  252,  228,  300,  276,  416,  324,  862,  642,  948,  940,  964,  956,  980,  972,  996,  988,  1012,  1004,  1028,  1020,  1044,  1036,  1060,  1052,
// CHECK-SAME: 1076,  1068,  1092,  1084,  1108,  1100,  1124,  1116,  1140,  1132,  1156,  1148,  1172,  1164,  1188,  1180,  1204,  1196,  1220,  1212,  1236,  1228,  1252,  1244,  1268,  1260,  1284,  1276,  1136,  1292,  178,  654]

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%out: memref<64xi32>)
        workgroup(%shared : memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %c16 = arith.constant 16 : i32
      %small = arith.cmpi ult, %t, %c16 : i32
      cf.cond_br %small, ^times3, ^plus100
    ^times3:
      %c3 = arith.constant 3 : i32
      %a = arith.muli %t, %c3 : i32
      cf.br ^loop(%a, %c3 : i32, i32)
    ^plus100:
      %c100 = arith.constant 100 : i32
      %b = arith.addi %t, %c100 : i32
      %three = arith.constant 3 : i32
      cf.br ^loop(%b, %three : i32, i32)
    ^loop(%v: i32, %left: i32):
      %c0 = arith.constant 0 : i32
      %more = arith.cmpi sgt, %left, %c0 : i32
      cf.cond_br %more, ^body, ^exit
    ^body:
      memref.store %v, %shared[%tid] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %next = arith.addi %tid, %c1 : index
      %right = arith.remui %next, %c64 : index
      %n = memref.load %shared[%right] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %sum = arith.addi %v, %n : i32
      %one = arith.constant 1 : i32
      %rest = arith.subi %left, %one : i32
      cf.br ^loop(%sum, %rest : i32, i32)
    ^exit:
      %o1 = arith.constant 1 : i32
      %w32 = arith.constant 32 : i32
      %p, %ok = gpu.shuffle xor %v, %o1, %w32 : i32
      memref.store %p, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %out = gpu.alloc host_shared () : memref<64xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%out : memref<64xi32>)
    %u = memref.cast %out : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
