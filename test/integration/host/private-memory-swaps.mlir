// Private arrays a loop carries and swaps (ping-pong buffers), one a
// branch chooses, and one passed to a device function, in kernels whose
// thread loops are split (by a loop or a barrier). On the host target
// each thread's row was a strided view: "'scf.for' op 0-th init and 0-th
// region iter_arg have different type" (an internal error) for the loop;
// a row now has the allocation's own type.
// Not on Vulkan: a buffer a branch chooses needs SPIR-V's variable
// pointers (an error at the scf.if there, which says so); loops that swap
// buffers run there (test/integration/host/kernel-loop-buffers.mlir).
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [3,  4,  5,  6,  7,  8,  9,  10]
// CHECK: [0,  10,  2,  30,  4,  50,  6,  70]
// CHECK: [0,  2,  4,  6,  8,  10,  12,  14]
module attributes {gpu.container_module} {
  gpu.module @k {
    // out[t] = t + 3: three steps from one array to the other.
    gpu.func @pingpong(%out: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %one = arith.constant 1.0 : f32
      %a = memref.alloca() : memref<2xf32>
      %b = memref.alloca() : memref<2xf32>
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      memref.store %tf, %a[%c0] : memref<2xf32>
      %r:2 = scf.for %i = %c0 to %c3 step %c1
          iter_args(%src = %a, %dst = %b) -> (memref<2xf32>, memref<2xf32>) {
        %v = memref.load %src[%c0] : memref<2xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %dst[%c0] : memref<2xf32>
        scf.yield %dst, %src : memref<2xf32>, memref<2xf32>
      }
      %e = memref.load %r#0[%c0] : memref<2xf32>
      memref.store %e, %out[%t] : memref<8xf32>
      gpu.return
    }
    // Odd threads read the array holding 10 t, even ones the one holding
    // t, chosen by a branch after a barrier.
    gpu.func @choose(%out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c10 = arith.constant 10 : i32
      %small = memref.alloca() : memref<1xi32>
      %large = memref.alloca() : memref<1xi32>
      %ti = arith.index_cast %t : index to i32
      %tl = arith.muli %ti, %c10 : i32
      memref.store %ti, %small[%c0] : memref<1xi32>
      memref.store %tl, %large[%c0] : memref<1xi32>
      gpu.barrier
      %parity = arith.remui %t, %c2 : index
      %odd = arith.cmpi ne, %parity, %c0 : index
      %m = scf.if %odd -> memref<1xi32> {
        scf.yield %large : memref<1xi32>
      } else {
        scf.yield %small : memref<1xi32>
      }
      %v = memref.load %m[%c0] : memref<1xi32>
      memref.store %v, %out[%t] : memref<8xi32>
      gpu.return
    }
    func.func @twice(%m: memref<4xi32>) -> i32 {
      %c0 = arith.constant 0 : index
      %v = memref.load %m[%c0] : memref<4xi32>
      %w = arith.addi %v, %v : i32
      return %w : i32
    }
    // out[t] = 2 t, through a device function taking the array.
    gpu.func @call(%out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %a = memref.alloca() : memref<4xi32>
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %a[%c0] : memref<4xi32>
      gpu.barrier
      %v = func.call @twice(%a) : (memref<4xi32>) -> i32
      memref.store %v, %out[%t] : memref<8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %f = gpu.alloc() : memref<8xf32>
    gpu.launch_func @k::@pingpong blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%f : memref<8xf32>)
    %hf = memref.alloc() : memref<8xf32>
    gpu.memcpy %hf, %f : memref<8xf32>, memref<8xf32>
    %uf = memref.cast %hf : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    %i = gpu.alloc() : memref<8xi32>
    %hi = memref.alloc() : memref<8xi32>
    %ui = memref.cast %hi : memref<8xi32> to memref<*xi32>
    gpu.launch_func @k::@choose blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%i : memref<8xi32>)
    gpu.memcpy %hi, %i : memref<8xi32>, memref<8xi32>
    call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
    gpu.launch_func @k::@call blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%i : memref<8xi32>)
    gpu.memcpy %hi, %i : memref<8xi32>, memref<8xi32>
    call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
    return
  }
}
