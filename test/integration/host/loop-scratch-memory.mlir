// A kernel's scratch array allocated inside a loop that runs the same in
// every thread, then filled and read by loops of their own (as tensor code
// in a kernel bufferizes: an allocation per trip for a tensor.insert). The
// host target runs such loops around its thread loops, and failed with
// "this value lives across a gpu.barrier" (the kernel has none) for the
// allocation, which cannot be kept per thread: those loops now run in the
// thread loop of the allocation. One allocated in a loop that holds a
// barrier, and read after it, was the same error (with a barrier); it is
// now the thread's private memory, the same for every trip.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [3,  12,  21,  30,  39,  48,  57,  66]
// CHECK: [60000,  600000,  600000,  600000]
// CHECK: [4,  8,  12,  16,  20,  24,  28,  16]
module attributes {gpu.container_module} {
  gpu.module @k {
    // out[t] = sum over r of (t * 3 + r) for r < 3, through a scratch
    // array filled and summed by loops.
    gpu.func @scratch(%out: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %pass = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> f32 {
        %a = memref.alloca() : memref<3xf32>
        scf.for %r = %c0 to %c3 step %c1 {
          %base = arith.muli %t, %c3 : index
          %v = arith.addi %base, %r : index
          %vi = arith.index_cast %v : index to i32
          %vf = arith.sitofp %vi : i32 to f32
          memref.store %vf, %a[%r] : memref<3xf32>
        }
        %s = scf.for %r = %c0 to %c3 step %c1 iter_args(%p = %zero) -> f32 {
          %e = memref.load %a[%r] : memref<3xf32>
          %q = arith.addf %p, %e : f32
          scf.yield %q : f32
        }
        // The second pass adds nothing: the sum is taken once.
        %first = arith.cmpi eq, %pass, %c0 : index
        %add = arith.select %first, %s, %zero : f32
        %next = arith.addf %acc, %add : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%t] : memref<8xf32>
      gpu.return
    }
    // A tensor.insert in a loop of many trips: one allocation per trip, on
    // the stack in kernels.
    gpu.func @tensor_loop(%in: memref<4xf32>, %out: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %trips = arith.constant 60000 : index
      %one = arith.constant 1.0 : f32
      %zero = arith.constant 0.0 : f32
      %tensor = bufferization.to_tensor %in restrict : memref<4xf32> to tensor<4xf32>
      %r = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %zero) -> f32 {
        %n = tensor.insert %one into %tensor[%t] : tensor<4xf32>
        %e = tensor.extract %n[%c0] : tensor<4xf32>
        %s = arith.addf %acc, %e : f32
        scf.yield %s : f32
      }
      memref.store %r, %out[%t] : memref<4xf32>
      gpu.return
    }
    // Two rounds: each thread keeps its value in a scratch array across
    // the round's barrier and adds its neighbour's from workgroup memory:
    // out[t] = sum over r < 2 of (t + r) + ((t + 1) % 8 + r).
    gpu.func @rounds(%out: memref<8xf32>)
        workgroup(%sh: memref<8xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      %r = scf.for %round = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> f32 {
        %scratch = memref.alloca() : memref<2xf32>
        %ri = arith.index_cast %round : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        %v = arith.addf %tf, %rf : f32
        memref.store %v, %scratch[%c0] : memref<2xf32>
        memref.store %v, %sh[%t] : memref<8xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %n1 = arith.addi %t, %c1 : index
        %n = arith.remui %n1, %c8 : index
        %w = memref.load %sh[%n] : memref<8xf32, #gpu.address_space<workgroup>>
        %mine = memref.load %scratch[%c0] : memref<2xf32>
        %s = arith.addf %mine, %w : f32
        %a = arith.addf %acc, %s : f32
        gpu.barrier
        scf.yield %a : f32
      }
      memref.store %r, %out[%t] : memref<8xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %out = gpu.alloc() : memref<8xf32>
    gpu.launch_func @k::@scratch blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%out : memref<8xf32>)
    %h = memref.alloc() : memref<8xf32>
    gpu.memcpy %h, %out : memref<8xf32>, memref<8xf32>
    %u = memref.cast %h : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()

    %in = gpu.alloc() : memref<4xf32>
    %out2 = gpu.alloc() : memref<4xf32>
    %hin = memref.alloc() : memref<4xf32>
    %v = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : vector<4xf32>
    vector.store %v, %hin[%c0] : memref<4xf32>, vector<4xf32>
    gpu.memcpy %in, %hin : memref<4xf32>, memref<4xf32>
    gpu.launch_func @k::@tensor_loop blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%in : memref<4xf32>, %out2 : memref<4xf32>)
    %h2 = memref.alloc() : memref<4xf32>
    gpu.memcpy %h2, %out2 : memref<4xf32>, memref<4xf32>
    %u2 = memref.cast %h2 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()

    gpu.launch_func @k::@rounds blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%out : memref<8xf32>)
    gpu.memcpy %h, %out : memref<8xf32>, memref<8xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
