// arith.truncf with each rounding mode in a kernel and in host code, on
// inputs loaded at run time: 1.3 and -1.3 to f16 (between 1.2998 and
// 1.30078), 1 + 2^-11 (halfway between f16's 1 and 1.00098), and 1e6 to
// f8E4M3FN (beyond its largest value, 448, which has no infinity). Every
// target rounded to nearest even, whatever the mode, and Vulkan's
// validation rejected the rounding decoration MLIR wrote.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK-COUNT-2: ( 1.2998, 1.30078, 1.2998, 1.2998, 1.2998 )
// CHECK-NEXT: ( -1.2998, -1.2998, -1.30078, -1.2998, -1.2998 )
// CHECK-NEXT: ( 1, 1.00098, 1, 1, 1.00098 )
// CHECK-NEXT: ( nan, nan, 448, 448, nan )
// A scaled truncation (an MX format) rounds upward too: 1.3, 5, -7.7 and
// 0.01 halved, to f4E2M1FN (0.5 apart up to 2, 1 to 4), doubled back.
// CHECK-NEXT: ( 2, 6, -6, 1 )
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @round(%in: memref<4xf32>, %out: memref<4x5xf32>) kernel {
      func.call @rounded(%in, %out) : (memref<4xf32>, memref<4x5xf32>) -> ()
      gpu.return
    }
    func.func @rounded(%in: memref<4xf32>, %out: memref<4x5xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c3 step %c1 {
        %x = memref.load %in[%i] : memref<4xf32>
        %a = arith.truncf %x : f32 to f16
        %b = arith.truncf %x upward : f32 to f16
        %c = arith.truncf %x downward : f32 to f16
        %d = arith.truncf %x toward_zero : f32 to f16
        %e = arith.truncf %x to_nearest_away : f32 to f16
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %ce = arith.extf %c : f16 to f32
        %de = arith.extf %d : f16 to f32
        %ee = arith.extf %e : f16 to f32
        memref.store %ae, %out[%i, %c0] : memref<4x5xf32>
        memref.store %be, %out[%i, %c1] : memref<4x5xf32>
        memref.store %ce, %out[%i, %c2] : memref<4x5xf32>
        memref.store %de, %out[%i, %c3] : memref<4x5xf32>
        memref.store %ee, %out[%i, %c4] : memref<4x5xf32>
      }
      %x = memref.load %in[%c3] : memref<4xf32>
      %a = arith.truncf %x : f32 to f8E4M3FN
      %b = arith.truncf %x upward : f32 to f8E4M3FN
      %c = arith.truncf %x downward : f32 to f8E4M3FN
      %d = arith.truncf %x toward_zero : f32 to f8E4M3FN
      %e = arith.truncf %x to_nearest_away : f32 to f8E4M3FN
      %ae = arith.extf %a : f8E4M3FN to f32
      %be = arith.extf %b : f8E4M3FN to f32
      %ce = arith.extf %c : f8E4M3FN to f32
      %de = arith.extf %d : f8E4M3FN to f32
      %ee = arith.extf %e : f8E4M3FN to f32
      memref.store %ae, %out[%c3, %c0] : memref<4x5xf32>
      memref.store %be, %out[%c3, %c1] : memref<4x5xf32>
      memref.store %ce, %out[%c3, %c2] : memref<4x5xf32>
      memref.store %de, %out[%c3, %c3] : memref<4x5xf32>
      memref.store %ee, %out[%c3, %c4] : memref<4x5xf32>
      return
    }
  }

  func.func @round(%in: memref<4xf32>, %out: memref<4x5xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %x = memref.load %in[%i] : memref<4xf32>
      %a = arith.truncf %x : f32 to f16
      %b = arith.truncf %x upward : f32 to f16
      %c = arith.truncf %x downward : f32 to f16
      %d = arith.truncf %x toward_zero : f32 to f16
      %e = arith.truncf %x to_nearest_away : f32 to f16
      %ae = arith.extf %a : f16 to f32
      %be = arith.extf %b : f16 to f32
      %ce = arith.extf %c : f16 to f32
      %de = arith.extf %d : f16 to f32
      %ee = arith.extf %e : f16 to f32
      memref.store %ae, %out[%i, %c0] : memref<4x5xf32>
      memref.store %be, %out[%i, %c1] : memref<4x5xf32>
      memref.store %ce, %out[%i, %c2] : memref<4x5xf32>
      memref.store %de, %out[%i, %c3] : memref<4x5xf32>
      memref.store %ee, %out[%i, %c4] : memref<4x5xf32>
    }
    %x = memref.load %in[%c3] : memref<4xf32>
    %a = arith.truncf %x : f32 to f8E4M3FN
    %b = arith.truncf %x upward : f32 to f8E4M3FN
    %c = arith.truncf %x downward : f32 to f8E4M3FN
    %d = arith.truncf %x toward_zero : f32 to f8E4M3FN
    %e = arith.truncf %x to_nearest_away : f32 to f8E4M3FN
    %ae = arith.extf %a : f8E4M3FN to f32
    %be = arith.extf %b : f8E4M3FN to f32
    %ce = arith.extf %c : f8E4M3FN to f32
    %de = arith.extf %d : f8E4M3FN to f32
    %ee = arith.extf %e : f8E4M3FN to f32
    memref.store %ae, %out[%c3, %c0] : memref<4x5xf32>
    memref.store %be, %out[%c3, %c1] : memref<4x5xf32>
    memref.store %ce, %out[%c3, %c2] : memref<4x5xf32>
    memref.store %de, %out[%c3, %c3] : memref<4x5xf32>
    memref.store %ee, %out[%c3, %c4] : memref<4x5xf32>
    return
  }

  func.func @print(%out: memref<4x5xf32>, %rows: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %rows step %c1 {
      %v = vector.load %out[%i, %c0] : memref<4x5xf32>, vector<5xf32>
      vector.print %v : vector<5xf32>
    }
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %in = memref.alloc() : memref<4xf32>
    %out = memref.alloc() : memref<4x5xf32>
    %a = arith.constant 1.3 : f32
    %b = arith.constant -1.3 : f32
    %t = arith.constant 1.00048828125 : f32
    %big = arith.constant 1.0e6 : f32
    memref.store %a, %in[%c0] : memref<4xf32>
    memref.store %b, %in[%c1] : memref<4xf32>
    memref.store %t, %in[%c2] : memref<4xf32>
    memref.store %big, %in[%c3] : memref<4xf32>
    call @round(%in, %out) : (memref<4xf32>, memref<4x5xf32>) -> ()
    call @print(%out, %c1) : (memref<4x5xf32>, index) -> ()
    gpu.launch_func @k::@round blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%in : memref<4xf32>, %out : memref<4x5xf32>)
    call @print(%out, %c4) : (memref<4x5xf32>, index) -> ()
    %x = arith.constant dense<[1.3, 5.0, -7.7, 0.01]> : vector<4xf32>
    %xs = memref.alloc() : memref<4xf32>
    vector.store %x, %xs[%c0] : memref<4xf32>, vector<4xf32>
    %v = vector.load %xs[%c0] : memref<4xf32>, vector<4xf32>
    %two = arith.constant dense<2.0> : vector<4xf32>
    %scale = arith.truncf %two : vector<4xf32> to vector<4xf8E8M0FNU>
    %y = arith.scaling_truncf %v, %scale upward
        : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf4E2M1FN>
    %z = arith.scaling_extf %y, %scale
        : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf32>
    vector.print %z : vector<4xf32>
    return
  }
}
