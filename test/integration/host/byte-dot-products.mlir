// Sums of products of bytes, which NVIDIA targets make dp4a instructions
// (sm_61 and later): four signed by four signed, unsigned by signed,
// eight by eight added to a value loaded first. The bytes span the whole
// range of each signedness, so a byte taken with the wrong one changes
// the sums.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -O0 -o %t0 && %t0 | FileCheck %s

// CHECK: [7016,  3208,  12840,  -2232,  18920,  -5112,  -4184,  17096]
// CHECK: [7016,  -18040,  -7384,  27208,  -11288,  -12280,  20904,  4040]
// CHECK: [10224,  11608,  15808,  15912,  -1392,  13048,  -2720,  18376]

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @signed4(%a: memref<?xi8>, %b: memref<?xi8>, %signed: memref<?xi32>) kernel {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %base4 = arith.muli %i, %c4 : index
      %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i32 {
        %j = arith.addi %base4, %k : index
        %av = memref.load %a[%j] : memref<?xi8>
        %bv = memref.load %b[%j] : memref<?xi8>
        %ae = arith.extsi %av : i8 to i32
        %be = arith.extsi %bv : i8 to i32
        %p = arith.muli %ae, %be : i32
        %n = arith.addi %acc, %p : i32
        scf.yield %n : i32
      }
      memref.store %s, %signed[%i] : memref<?xi32>
      gpu.return
    }
    gpu.func @mixed4(%a: memref<?xi8>, %b: memref<?xi8>, %mixed: memref<?xi32>) kernel {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %base4 = arith.muli %i, %c4 : index
      %m = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i32 {
        %j = arith.addi %base4, %k : index
        %av = memref.load %a[%j] : memref<?xi8>
        %bv = memref.load %b[%j] : memref<?xi8>
        %ae = arith.extui %av : i8 to i32
        %be = arith.extsi %bv : i8 to i32
        %p = arith.muli %ae, %be : i32
        %n = arith.addi %acc, %p : i32
        scf.yield %n : i32
      }
      memref.store %m, %mixed[%i] : memref<?xi32>
      gpu.return
    }
    gpu.func @eight(%a: memref<?xi8>, %b: memref<?xi8>, %eight: memref<?xi32>) kernel {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %init = memref.load %eight[%i] : memref<?xi32>
      %base8 = arith.muli %i, %c8 : index
      %e = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %init) -> i32 {
        %j = arith.addi %base8, %k : index
        %av = memref.load %a[%j] : memref<?xi8>
        %bv = memref.load %b[%j] : memref<?xi8>
        %ae = arith.extsi %av : i8 to i32
        %be = arith.extsi %bv : i8 to i32
        %p = arith.muli %ae, %be : i32
        %n = arith.addi %acc, %p : i32
        scf.yield %n : i32
      }
      memref.store %e, %eight[%i] : memref<?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c37 = arith.constant 37 : index
    %c91 = arith.constant 91 : index
    %c11 = arith.constant 11 : index
    %c200 = arith.constant 200 : index
    %c1000 = arith.constant 1000 : index
    %a = memref.alloc(%c64) : memref<?xi8>
    %b = memref.alloc(%c64) : memref<?xi8>
    %signed = memref.alloc(%c8) : memref<?xi32>
    %mixed = memref.alloc(%c8) : memref<?xi32>
    %eight = memref.alloc(%c8) : memref<?xi32>
    // a[j] = j * 37 + 11 and b[j] = j * 91 + 200, modulo 256.
    scf.for %j = %c0 to %c64 step %c1 {
      %x = arith.muli %j, %c37 : index
      %x1 = arith.addi %x, %c11 : index
      %y = arith.muli %j, %c91 : index
      %y1 = arith.addi %y, %c200 : index
      %xi = arith.index_cast %x1 : index to i8
      %yi = arith.index_cast %y1 : index to i8
      memref.store %xi, %a[%j] : memref<?xi8>
      memref.store %yi, %b[%j] : memref<?xi8>
    }
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.muli %i, %c1000 : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %eight[%i] : memref<?xi32>
    }
    gpu.launch_func @k::@signed4 blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%a : memref<?xi8>, %b : memref<?xi8>, %signed : memref<?xi32>)
    gpu.launch_func @k::@mixed4 blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%a : memref<?xi8>, %b : memref<?xi8>, %mixed : memref<?xi32>)
    gpu.launch_func @k::@eight blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%a : memref<?xi8>, %b : memref<?xi8>, %eight : memref<?xi32>)
    %s = memref.cast %signed : memref<?xi32> to memref<*xi32>
    %m = memref.cast %mixed : memref<?xi32> to memref<*xi32>
    %e = memref.cast %eight : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%s) : (memref<*xi32>) -> ()
    call @printMemrefI32(%m) : (memref<*xi32>) -> ()
    call @printMemrefI32(%e) : (memref<*xi32>) -> ()
    memref.dealloc %a : memref<?xi8>
    memref.dealloc %b : memref<?xi8>
    memref.dealloc %signed : memref<?xi32>
    memref.dealloc %mixed : memref<?xi32>
    memref.dealloc %eight : memref<?xi32>
    return
  }
}
