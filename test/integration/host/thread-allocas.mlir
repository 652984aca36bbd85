// Stack memory a thread allocates inside a branch (16 KiB each, for 512
// threads of a block): on a GPU every thread has its own stack; on the host
// the threads run one after another in a loop, and each thread's memory is
// freed when its iteration ends, or the block would need 8 MiB of stack.
// Thread t fills its scratch with t and reads it back; threads 512 and up
// take the other branch and store 0. Prints what threads 511 and 600 stored.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: {{^}}511{{$}}
// CHECK-NEXT: {{^}}0{{$}}
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<1024xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4096 = arith.constant 4096 : index
      %t = gpu.thread_id x
      %c512 = arith.constant 512 : index
      %low = arith.cmpi ult, %t, %c512 : index
      %r = scf.if %low -> f32 {
        %scratch = memref.alloca() : memref<4096xf32>
        %ti = arith.index_cast %t : index to i32
        %tf = arith.sitofp %ti : i32 to f32
        scf.for %i = %c0 to %c4096 step %c1 {
          memref.store %tf, %scratch[%i] : memref<4096xf32>
        }
        %v = memref.load %scratch[%c1] : memref<4096xf32>
        scf.yield %v : f32
      } else {
        %z = arith.constant 0.0 : f32
        scf.yield %z : f32
      }
      memref.store %r, %m[%t] : memref<1024xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %out = gpu.alloc() : memref<1024xf32>
    gpu.launch_func @k::@kernel blocks in (%c4, %c1, %c1) threads in (%c1024, %c1, %c1) args(%out : memref<1024xf32>)
    %h = memref.alloc() : memref<1024xf32>
    gpu.memcpy %h, %out : memref<1024xf32>, memref<1024xf32>
    %c511 = arith.constant 511 : index
    %c600 = arith.constant 600 : index
    %v = memref.load %h[%c511] : memref<1024xf32>
    vector.print %v : f32
    %w = memref.load %h[%c600] : memref<1024xf32>
    vector.print %w : f32
    return
  }
}
