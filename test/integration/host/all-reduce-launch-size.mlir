// gpu.all_reduce in kernels whose block size is only known at launch (it
// comes from the program's argument count): 35 threads in one dimension,
// then 5x3. Each thread reduces its linear id; the first thread of each
// launch stores the sum and the maximum.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [595,  34,  105,  14]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce(%out: memref<4xi32>, %at: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %w = gpu.block_dim x
      %row = arith.muli %y, %w : index
      %linear = arith.addi %row, %x : index
      %v = arith.index_cast %linear : index to i32
      %sum = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
      %max = gpu.all_reduce maxsi %v uniform {} : (i32) -> (i32)
      %first = arith.cmpi eq, %linear, %c0 : index
      scf.if %first {
        %next = arith.addi %at, %c1 : index
        memref.store %sum, %out[%at] : memref<4xi32>
        memref.store %max, %out[%next] : memref<4xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %count = arith.index_cast %argc : i32 to index
    %c34 = arith.constant 34 : index
    %c4 = arith.constant 4 : index
    %long = arith.addi %count, %c34 : index
    %wide = arith.addi %count, %c4 : index
    %out = gpu.alloc() : memref<4xi32>
    gpu.launch_func @kernels::@reduce blocks in (%c1, %c1, %c1) threads in (%long, %c1, %c1) args(%out : memref<4xi32>, %c0 : index)
    gpu.launch_func @kernels::@reduce blocks in (%c1, %c1, %c1) threads in (%wide, %c3, %c1) args(%out : memref<4xi32>, %c2 : index)
    %h = memref.alloc() : memref<4xi32>
    gpu.memcpy %h, %out : memref<4xi32>, memref<4xi32>
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %zero = arith.constant 0 : i32
    return %zero : i32
  }
}
