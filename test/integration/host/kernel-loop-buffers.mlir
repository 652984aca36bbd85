// Loops in kernels that carry buffers and yield other ones: a loop over
// tensors that makes a new tensor each trip (bufferized, a new buffer each
// trip), and private arrays swapped each trip (ping-pong buffers). On
// Vulkan these were errors ("choosing a buffer at run time ... needs
// variable pointers"); such a loop now keeps the buffers it starts with
// and copies what each trip yields into them.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Row t of the tensor loop: the sum over i < 4 of i + t, 6 + 4 t.
// CHECK:      [6,   6,   6,   6],
// CHECK-NEXT: [10,   10,   10,   10],
// CHECK-NEXT: [14,   14,   14,   14],
// CHECK-NEXT: [18,   18,   18,   18]]
// Ping-pong: three steps of (x, y) -> (y + 1, 2 x) from (t, 100) give
// (203, 4 t + 2); even threads store the first, odd ones the second.
// CHECK: [203,  6,  203,  14]
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc host_shared () : memref<4x4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : index
      %n = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %init = tensor.empty() : tensor<4xf32>
      %zeros = linalg.fill ins(%zero : f32) outs(%init : tensor<4xf32>) -> tensor<4xf32>
      %r = scf.for %i = %c0 to %n step %one iter_args(%t = %zeros) -> tensor<4xf32> {
        %ii = arith.index_cast %i : index to i32
        %if = arith.sitofp %ii : i32 to f32
        %ti = arith.index_cast %tx : index to i32
        %tf = arith.sitofp %ti : i32 to f32
        %v = arith.addf %if, %tf : f32
        %e = tensor.empty() : tensor<4xf32>
        %filled = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
        %sum = linalg.add ins(%t, %filled : tensor<4xf32>, tensor<4xf32>)
                          outs(%e : tensor<4xf32>) -> tensor<4xf32>
        scf.yield %sum : tensor<4xf32>
      }
      %row = memref.subview %out[%tx, 0] [1, 4] [1, 1]
          : memref<4x4xf32> to memref<4xf32, strided<[1], offset: ?>>
      bufferization.materialize_in_destination %r in writable %row
          : (tensor<4xf32>, memref<4xf32, strided<[1], offset: ?>>) -> ()
      gpu.terminator
    }
    %u = memref.cast %out : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()

    %pp = gpu.alloc host_shared () : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : index
      %three = arith.constant 3 : index
      %f1 = arith.constant 1.0 : f32
      %f2 = arith.constant 2.0 : f32
      %f100 = arith.constant 100.0 : f32
      %a = memref.alloca() : memref<2xf32>
      %b = memref.alloca() : memref<2xf32>
      %ti = arith.index_cast %tx : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      memref.store %tf, %a[%c0] : memref<2xf32>
      memref.store %f100, %a[%one] : memref<2xf32>
      %res:2 = scf.for %i = %c0 to %three step %one
          iter_args(%src = %a, %dst = %b) -> (memref<2xf32>, memref<2xf32>) {
        %x = memref.load %src[%c0] : memref<2xf32>
        %y = memref.load %src[%one] : memref<2xf32>
        %y1 = arith.addf %y, %f1 : f32
        %x2 = arith.mulf %x, %f2 : f32
        memref.store %y1, %dst[%c0] : memref<2xf32>
        memref.store %x2, %dst[%one] : memref<2xf32>
        scf.yield %dst, %src : memref<2xf32>, memref<2xf32>
      }
      %first = memref.load %res#0[%c0] : memref<2xf32>
      %second = memref.load %res#0[%one] : memref<2xf32>
      %two = arith.constant 2 : index
      %parity = arith.remui %tx, %two : index
      %isodd = arith.cmpi ne, %parity, %c0 : index
      %v = arith.select %isodd, %second, %first : f32
      memref.store %v, %pp[%tx] : memref<4xf32>
      gpu.terminator
    }
    %p = memref.cast %pp : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%p) : (memref<*xf32>) -> ()

    %nested = gpu.alloc host_shared () : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : index
      %two = arith.constant 2 : index
      %three = arith.constant 3 : index
      %f0 = arith.constant 0.0 : f32
      %f1 = arith.constant 1.0 : f32
      %f2 = arith.constant 2.0 : f32
      %f10 = arith.constant 10.0 : f32
      %ti = arith.index_cast %tx : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      %total = scf.for %k = %c0 to %two step %one iter_args(%sum = %f0) -> f32 {
        %a = memref.alloca() : memref<2xf32>
        %b = memref.alloca() : memref<2xf32>
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %tens = arith.mulf %kf, %f10 : f32
        %x0 = arith.addf %tf, %tens : f32
        memref.store %x0, %a[%c0] : memref<2xf32>
        memref.store %f1, %a[%one] : memref<2xf32>
        %res:2 = scf.for %i = %c0 to %three step %one
            iter_args(%src = %a, %dst = %b) -> (memref<2xf32>, memref<2xf32>) {
          %x = memref.load %src[%c0] : memref<2xf32>
          %y = memref.load %src[%one] : memref<2xf32>
          %y1 = arith.addf %y, %f1 : f32
          %x2 = arith.mulf %x, %f2 : f32
          memref.store %y1, %dst[%c0] : memref<2xf32>
          memref.store %x2, %dst[%one] : memref<2xf32>
          scf.yield %dst, %src : memref<2xf32>, memref<2xf32>
        }
        %second = memref.load %res#0[%one] : memref<2xf32>
        %next = arith.addf %sum, %second : f32
        scf.yield %next : f32
      }
      memref.store %total, %nested[%tx] : memref<4xf32>
      gpu.terminator
    }
    %q = memref.cast %nested : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%q) : (memref<*xf32>) -> ()
    return
  }
}
