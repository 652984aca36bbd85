// Shuffles of 32 lanes on a device with narrower subgroups (lavapipe's 8)
// run on subgroups of workgroup memory, whose barriers every thread must
// reach alike. That holds in a branch on the block id and in a loop whose
// trip count is a kernel argument, not only at the kernel's top level and
// in loops of constant bounds: such kernels were a runtime error there
// ("shuffles across 32 lanes ... need the kernel's subgroup operations
// where every thread of the block reaches them").
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s

// Block 0 reads lane + 16 (within 32 lanes), block 1 its own value; then
// %trips times the lane's xor-1 partner's value plus one.
// CHECK: [18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,
// CHECK-SAME: 34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,  60,  61,  62,  63,  64,  65]

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%trips: index, %out: memref<64xi32>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %t = arith.index_cast %tid : index to i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %w = arith.constant 32 : i32
      %first = arith.cmpi eq, %bid, %c0 : index
      %v = scf.if %first -> (i32) {
        %o16 = arith.constant 16 : i32
        %s, %ok = gpu.shuffle xor %t, %o16, %w : i32
        scf.yield %s : i32
      } else {
        %b32 = arith.muli %bid, %c32 : index
        %g = arith.addi %b32, %tid : index
        %gi = arith.index_cast %g : index to i32
        scf.yield %gi : i32
      }
      %r = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %v) -> (i32) {
        %one = arith.constant 1 : i32
        %p, %ok = gpu.shuffle xor %acc, %one, %w : i32
        %n = arith.addi %p, %one : i32
        scf.yield %n : i32
      }
      %b32 = arith.muli %bid, %c32 : index
      %at = arith.addi %b32, %tid : index
      memref.store %r, %out[%at] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %out = gpu.alloc host_shared () : memref<64xi32>
    gpu.launch_func @k::@kernel blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%c2 : index, %out : memref<64xi32>)
    %u = memref.cast %out : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
