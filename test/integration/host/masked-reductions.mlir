// Reductions under vector.mask reduce the active lanes only. MLIR 22
// lowered a masked maximumf by setting the inactive lanes to the negative
// subnormal closest to zero, which beats every negative active lane (the
// maximum of -1 .. -5 printed -1.4013e-45), and a masked minimumf with
// FLT_MAX, which beats an active +inf. Now inactive lanes take no part: a
// NaN in an inactive lane is ignored, one in an active lane propagates,
// and with no active lane the result is -inf, +inf or the accumulator.
// In host code and in kernels. A one-lane reduction under a mask without
// an accumulator gave its lane even where the mask was off (MLIR 22's
// canonicalization drops the mask there); now it gives the kind's neutral
// element.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=host -O0 -o %t.O0 && %t.O0 | FileCheck %s

// CHECK: ( -1, -5, inf, 7, nan, nan, -inf, inf, -1, -8, -1, 16, -1 )
// CHECK-NEXT: ( 0, -2147483648, 1, 18, 18 )
// CHECK-NEXT: ( -inf, 2.5 )
// CHECK-NEXT: ( 0, 18 )
// CHECK-NEXT: ( -1, inf, 7, -inf )

module attributes {gpu.container_module} {
  func.func @host(%n: index) {
    %neg = arith.constant dense<[-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0]> : vector<8xf32>
    %inf = arith.constant dense<[0x7F800000, 0x7F800000, 0x7F800000, 1.0, 1.0, 1.0, 1.0, 1.0]> : vector<8xf32>
    %nan = arith.constant dense<[1.0, 7.0, 2.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0]> : vector<8xf32>
    %wide = arith.constant dense<[-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0]> : vector<8xf64>
    %ints = arith.constant dense<[16, 2, 3, 4, 5, 60, 70, 80]> : vector<8xi32>
    %acc = arith.constant -8.0 : f32
    %c3 = arith.constant 3 : index
    %mask = vector.create_mask %n : vector<8xi1>
    %three = vector.create_mask %c3 : vector<8xi1>
    %none = arith.constant dense<false> : vector<8xi1>
    %r0 = vector.mask %mask { vector.reduction <maximumf>, %neg : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r1 = vector.mask %mask { vector.reduction <minimumf>, %neg : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r2 = vector.mask %three { vector.reduction <minimumf>, %inf : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r3 = vector.mask %three { vector.reduction <maximumf>, %nan : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r4 = vector.mask %mask { vector.reduction <maximumf>, %nan : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r5 = vector.mask %mask { vector.reduction <minimumf>, %nan : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r6 = vector.mask %none { vector.reduction <maximumf>, %neg : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r7 = vector.mask %none { vector.reduction <minimumf>, %neg : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r8 = vector.mask %mask { vector.reduction <maxnumf>, %neg : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r9 = vector.mask %none { vector.reduction <maximumf>, %neg, %acc : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %r10 = vector.mask %mask { vector.reduction <maximumf>, %neg, %acc : vector<8xf32> into f32 } : vector<8xi1> -> f32
    %i11 = vector.mask %mask { vector.reduction <maxsi>, %ints : vector<8xi32> into i32 } : vector<8xi1> -> i32
    %r11 = arith.sitofp %i11 : i32 to f32
    %w12 = vector.mask %mask { vector.reduction <maximumf>, %wide : vector<8xf64> into f64 } : vector<8xi1> -> f64
    %r12 = arith.truncf %w12 : f64 to f32
    %all = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12 : vector<13xf32>
    vector.print %all : vector<13xf32>
    %lane = arith.constant dense<18> : vector<1xi32>
    %c0 = arith.constant 0 : index
    %off = vector.create_mask %c0 : vector<1xi1>
    %on = vector.create_mask %n : vector<1xi1>
    %l0 = vector.mask %off { vector.reduction <or>, %lane : vector<1xi32> into i32 } : vector<1xi1> -> i32
    %l1 = vector.mask %off { vector.reduction <maxsi>, %lane : vector<1xi32> into i32 } : vector<1xi1> -> i32
    %l2 = vector.mask %off { vector.reduction <mul>, %lane : vector<1xi32> into i32 } : vector<1xi1> -> i32
    %l3 = vector.mask %on { vector.reduction <add>, %lane : vector<1xi32> into i32 } : vector<1xi1> -> i32
    %l4 = vector.mask %on { vector.reduction <minui>, %lane : vector<1xi32> into i32 } : vector<1xi1> -> i32
    %lanes = vector.from_elements %l0, %l1, %l2, %l3, %l4 : vector<5xi32>
    vector.print %lanes : vector<5xi32>
    %flane = arith.constant dense<2.5> : vector<1xf32>
    %f0 = vector.mask %off { vector.reduction <maximumf>, %flane : vector<1xf32> into f32 } : vector<1xi1> -> f32
    %f1 = vector.mask %on { vector.reduction <minnumf>, %flane : vector<1xf32> into f32 } : vector<1xi1> -> f32
    %flanes = vector.from_elements %f0, %f1 : vector<2xf32>
    vector.print %flanes : vector<2xf32>
    return
  }

  gpu.module @k {
    gpu.func @kernel(%out: memref<4xf32>, %n: index) kernel {
      %neg = arith.constant dense<[-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0]> : vector<8xf32>
      %inf = arith.constant dense<[0x7F800000, 0x7F800000, 0x7F800000, 1.0, 1.0, 1.0, 1.0, 1.0]> : vector<8xf32>
      %nan = arith.constant dense<[1.0, 7.0, 2.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0]> : vector<8xf32>
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %mask = vector.create_mask %n : vector<8xi1>
      %three = vector.create_mask %c3 : vector<8xi1>
      %none = vector.create_mask %c0 : vector<8xi1>
      %r0 = vector.mask %mask { vector.reduction <maximumf>, %neg : vector<8xf32> into f32 } : vector<8xi1> -> f32
      %r1 = vector.mask %three { vector.reduction <minimumf>, %inf : vector<8xf32> into f32 } : vector<8xi1> -> f32
      %r2 = vector.mask %three { vector.reduction <maximumf>, %nan : vector<8xf32> into f32 } : vector<8xi1> -> f32
      %r3 = vector.mask %none { vector.reduction <maximumf>, %neg : vector<8xf32> into f32 } : vector<8xi1> -> f32
      %all = vector.from_elements %r0, %r1, %r2, %r3 : vector<4xf32>
      vector.store %all, %out[%c0] : memref<4xf32>, vector<4xf32>
      %lane = arith.constant dense<18> : vector<1xi32>
      %off = vector.create_mask %c0 : vector<1xi1>
      %on = vector.create_mask %n : vector<1xi1>
      %l0 = vector.mask %off { vector.reduction <add>, %lane : vector<1xi32> into i32 } : vector<1xi1> -> i32
      %l1 = vector.mask %on { vector.reduction <xor>, %lane : vector<1xi32> into i32 } : vector<1xi1> -> i32
      %lanes = vector.from_elements %l0, %l1 : vector<2xi32>
      vector.print %lanes : vector<2xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    call @host(%c5) : (index) -> ()
    %out = gpu.alloc host_shared () : memref<4xf32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%out : memref<4xf32>, %c5 : index)
    %c0 = arith.constant 0 : index
    %v = vector.load %out[%c0] : memref<4xf32>, vector<4xf32>
    vector.print %v : vector<4xf32>
    gpu.dealloc %out : memref<4xf32>
    return
  }
}
