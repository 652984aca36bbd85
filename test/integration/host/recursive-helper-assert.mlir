// A recursive device function with a cf.assert: helpers with asserts are
// inlined into their kernels (so that a failing one ends the thread) only
// where they can be; this one keeps its calls, as before (inlining it was
// an error: "must inline 'fact' ... it is recursive").
// Not on Vulkan: a shader has no call stack (recursion is an error there).
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [1,  1,  2,  6,  24,  120,  720,  5040]
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @fact(%n: i32) -> i32 {
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %ok = arith.cmpi sge, %n, %zero : i32
      cf.assert %ok, "a factorial of a negative number"
      %small = arith.cmpi sle, %n, %one : i32
      %r = scf.if %small -> i32 {
        scf.yield %one : i32
      } else {
        %m = arith.subi %n, %one : i32
        %f = func.call @fact(%m) : (i32) -> i32
        %p = arith.muli %n, %f : i32
        scf.yield %p : i32
      }
      return %r : i32
    }
    gpu.func @factorials(%out: memref<8xi32>) kernel {
      %i = gpu.thread_id x
      %n = arith.index_cast %i : index to i32
      %r = func.call @fact(%n) : (i32) -> i32
      memref.store %r, %out[%i] : memref<8xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %out = gpu.alloc host_shared () : memref<8xi32>
    gpu.launch_func @k::@factorials blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%out : memref<8xi32>)
    %u = memref.cast %out : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
