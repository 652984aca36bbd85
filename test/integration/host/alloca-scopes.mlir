// memref.alloca_scope in kernels and in host code, nested, inside a loop and
// yielding values: a scope frees its allocas when it ends (a loop of them
// needs no more stack than one), and on Vulkan, whose shaders have no stack,
// it is its body. Thread t sums t + i over i in [0, 4) through a scratch
// array in each iteration's scope: 4t + 6. Prints threads 0 and 5, then the
// host's sum over 100000 scopes of 1 KiB each, then over 100000 trips of a
// loop allocating 1 KiB that a function reads (scf.for is an allocation
// scope of its own in MLIR, which MLIR's lowering to LLVM does not free).
// MLIR's canonicalizer inlines a scope that is a loop body's last op into
// it, which left the freeing to LLVM's optimizations: at -O0 both loops
// ran out of stack (a crash); each trip now frees it.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc -O0 %s --offload-arch=%offload_arch -o %t.O0 && %t.O0 | FileCheck %s
// CHECK: ( 6, 26 )
// CHECK-NEXT: {{^}}100000{{$}}
// CHECK-NEXT: {{^}}100000{{$}}
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
        %next = memref.alloca_scope -> f32 {
          %scratch = memref.alloca() : memref<2xf32>
          %ti = arith.addi %t, %i : index
          %tn = arith.index_cast %ti : index to i32
          %tf = arith.sitofp %tn : i32 to f32
          memref.store %tf, %scratch[%c1] : memref<2xf32>
          %v = memref.alloca_scope -> f32 {
            %w = memref.load %scratch[%c1] : memref<2xf32>
            memref.alloca_scope.return %w : f32
          }
          %s = arith.addf %acc, %v : f32
          memref.alloca_scope.return %s : f32
        }
        scf.yield %next : f32
      }
      memref.store %sum, %m[%t] : memref<8xf32>
      gpu.return
    }
  }
  func.func @first(%m: memref<128xi64>) -> i64 {
    %c0 = arith.constant 0 : index
    %v = memref.load %m[%c0] : memref<128xi64>
    return %v : i64
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %out = gpu.alloc() : memref<8xf32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%out : memref<8xf32>)
    %h = memref.alloc() : memref<8xf32>
    gpu.memcpy %h, %out : memref<8xf32>, memref<8xf32>
    %a = memref.load %h[%c0] : memref<8xf32>
    %b = memref.load %h[%c5] : memref<8xf32>
    %v = vector.from_elements %a, %b : vector<2xf32>
    vector.print %v : vector<2xf32>
    // 100000 KiB on the stack if the scopes did not free their allocas.
    %n = arith.constant 100000 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %r = memref.alloca_scope -> i64 {
        %buf = memref.alloca() : memref<128xi64>
        memref.store %one, %buf[%c0] : memref<128xi64>
        %x = memref.load %buf[%c0] : memref<128xi64>
        %y = arith.addi %acc, %x : i64
        memref.alloca_scope.return %y : i64
      }
      scf.yield %r : i64
    }
    vector.print %total : i64
    %total2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %buf = memref.alloca() : memref<128xi64>
      memref.store %one, %buf[%c0] : memref<128xi64>
      %x = func.call @first(%buf) : (memref<128xi64>) -> i64
      %y = arith.addi %acc, %x : i64
      scf.yield %y : i64
    }
    vector.print %total2 : i64
    memref.dealloc %h : memref<8xf32>
    gpu.dealloc %out : memref<8xf32>
    return
  }
}
