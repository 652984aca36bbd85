// gpu.all_reduce with every operation (and a custom region) and
// gpu.subgroup_reduce (whole subgroups and clusters) in a block of 48
// threads: one full subgroup and a partial one. Thread t contributes
// t + 1 (integers) or 1 + t % 2 (floats). Some all-reduces are not marked
// uniform: in the kernel's entry block every thread reaches them.
// Not on Vulkan: the subgroup lines assume 32 lanes (lavapipe has 8).
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 1 offset = 0 sizes = [9] strides = [1] data =
// CHECK-NEXT: [1176, 1, 48, 1, 48, 0, 63, 48, 1176]
// CHECK: rank = 1 offset = 0 sizes = [6] strides = [1] data =
// CHECK-NEXT: [72, 1.67772e+07, 1, 2, 1, 2]
// CHECK: rank = 2 offset = 0 sizes = [3, 48] strides = [48, 1] data =
// CHECK-NEXT: {{\[\[}}528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 528, 648, 648, 648, 648, 648, 648, 648, 648, 648, 648, 648, 648, 648, 648, 648, 648],
// CHECK-NEXT:  [4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12, 16, 16, 16, 16, 20, 20, 20, 20, 24, 24, 24, 24, 28, 28, 28, 28, 32, 32, 32, 32, 36, 36, 36, 36, 40, 40, 40, 40, 44, 44, 44, 44, 48, 48, 48, 48],
// CHECK-NEXT:  [6, 8, 10, 12, 6, 8, 10, 12, 22, 24, 26, 28, 22, 24, 26, 28, 38, 40, 42, 44, 38, 40, 42, 44, 54, 56, 58, 60, 54, 56, 58, 60, 70, 72, 74, 76, 70, 72, 74, 76, 86, 88, 90, 92, 86, 88, 90, 92{{\]\]}}
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c48 = arith.constant 48 : index
    %ints = gpu.alloc() : memref<9xi32>
    %floats = gpu.alloc() : memref<6xf32>
    %groups = gpu.alloc() : memref<3x48xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %one = arith.constant 1 : i32
      %v = arith.addi %t, %one : i32
      %two = arith.constant 2 : i32
      %parity = arith.remui %t, %two : i32
      %fi = arith.addi %parity, %one : i32
      %f = arith.sitofp %fi : i32 to f32
      %add = gpu.all_reduce add %v uniform {} : (i32) -> i32
      %minsi = gpu.all_reduce minsi %v uniform {} : (i32) -> i32
      %maxsi = gpu.all_reduce maxsi %v uniform {} : (i32) -> i32
      %minui = gpu.all_reduce minui %v {} : (i32) -> i32
      %maxui = gpu.all_reduce maxui %v {} : (i32) -> i32
      %and = gpu.all_reduce and %v {} : (i32) -> i32
      %or = gpu.all_reduce or %v {} : (i32) -> i32
      %xor = gpu.all_reduce xor %v {} : (i32) -> i32
      %custom = gpu.all_reduce %v {
      ^bb(%lhs : i32, %rhs : i32):
        %s = arith.addi %lhs, %rhs : i32
        %s2 = arith.addi %s, %s : i32
        %r = arith.subi %s2, %s : i32
        "gpu.yield"(%r) : (i32) -> ()
      } : (i32) -> i32
      %fadd = gpu.all_reduce add %f {} : (f32) -> f32
      %fmul = gpu.all_reduce mul %f {} : (f32) -> f32
      %fmin = gpu.all_reduce minnumf %f {} : (f32) -> f32
      %fmax = gpu.all_reduce maxnumf %f {} : (f32) -> f32
      %fminimum = gpu.all_reduce minimumf %f {} : (f32) -> f32
      %fmaximum = gpu.all_reduce maximumf %f {} : (f32) -> f32
      %zero = arith.constant 0 : index
      %first = arith.cmpi eq, %tx, %zero : index
      scf.if %first {
        memref.store %add, %ints[%c0] : memref<9xi32>
        memref.store %minsi, %ints[%c1] : memref<9xi32>
        memref.store %maxsi, %ints[%c2] : memref<9xi32>
        memref.store %minui, %ints[%c3] : memref<9xi32>
        memref.store %maxui, %ints[%c4] : memref<9xi32>
        memref.store %and, %ints[%c5] : memref<9xi32>
        memref.store %or, %ints[%c6] : memref<9xi32>
        memref.store %xor, %ints[%c7] : memref<9xi32>
        memref.store %custom, %ints[%c8] : memref<9xi32>
        memref.store %fadd, %floats[%c0] : memref<6xf32>
        memref.store %fmul, %floats[%c1] : memref<6xf32>
        memref.store %fmin, %floats[%c2] : memref<6xf32>
        memref.store %fmax, %floats[%c3] : memref<6xf32>
        memref.store %fminimum, %floats[%c4] : memref<6xf32>
        memref.store %fmaximum, %floats[%c5] : memref<6xf32>
      }
      %sg = gpu.subgroup_reduce add %v : (i32) -> i32
      %sg4 = gpu.subgroup_reduce maxsi %v cluster(size = 4) : (i32) -> i32
      %sg2s4 = gpu.subgroup_reduce add %v uniform cluster(size = 2, stride = 4) : (i32) -> i32
      memref.store %sg, %groups[%c0, %tx] : memref<3x48xi32>
      memref.store %sg4, %groups[%c1, %tx] : memref<3x48xi32>
      memref.store %sg2s4, %groups[%c2, %tx] : memref<3x48xi32>
      gpu.terminator
    }
    %hi = memref.alloc() : memref<9xi32>
    %hf = memref.alloc() : memref<6xf32>
    %hg = memref.alloc() : memref<3x48xi32>
    gpu.memcpy %hi, %ints : memref<9xi32>, memref<9xi32>
    gpu.memcpy %hf, %floats : memref<6xf32>, memref<6xf32>
    gpu.memcpy %hg, %groups : memref<3x48xi32>, memref<3x48xi32>
    %ui = memref.cast %hi : memref<9xi32> to memref<*xi32>
    %uf = memref.cast %hf : memref<6xf32> to memref<*xf32>
    %ug = memref.cast %hg : memref<3x48xi32> to memref<*xi32>
    call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    call @printMemrefI32(%ug) : (memref<*xi32>) -> ()
    return
  }
}
