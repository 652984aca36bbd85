// Vectors of five and eight lanes in a kernel, which Vulkan unrolls into
// SPIR-V's four lanes at most. The fifth lane of an unsigned op (divui,
// remui, shrui, maxui, ...) was a one-lane vector whose lowering failed
// ("bitwidth emulation is not implemented yet on unsigned op pattern
// version"), and a lane inserted into a constant of eight lanes left the
// constant behind ("'arith.constant' cannot be compiled for the Vulkan
// target").
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK:      ( 3, 613566754, 1, 0, 100 )
// CHECK-NEXT: ( 0, 6, 2, 9, 0 )
// CHECK-NEXT: ( 10, 536870910, 3, 1, 6 )
// CHECK-NEXT: ( 21, 4294967284, 7, 9, 100 )
// CHECK-NEXT: ( 21, 7, 7, 9, 100 )
// CHECK-NEXT: ( 0, 0, 0, 1, 0 )
// CHECK-NEXT: ( 0, 1, 2, 3, 42, 5, 6, 7 )
module attributes {gpu.container_module} {
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = gpu.alloc host_shared () : memref<6xi32>
  %init = arith.constant dense<[21, -12, 7, 9, 100, 42]> : vector<6xi32>
  vector.store %init, %buf[%c0] : memref<6xi32>, vector<6xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %v = vector.load %buf[%z] : memref<6xi32>, vector<5xi32>
    %d = arith.constant dense<[7, 7, 5, 10, 1]> : vector<5xi32>
    %q = arith.divui %v, %d : vector<5xi32>
    vector.print %q : vector<5xi32>
    %r = arith.remui %v, %d : vector<5xi32>
    vector.print %r : vector<5xi32>
    %k = arith.constant dense<[1, 3, 1, 3, 4]> : vector<5xi32>
    %s = arith.shrui %v, %k : vector<5xi32>
    vector.print %s : vector<5xi32>
    %w = arith.extui %v : vector<5xi32> to vector<5xi64>
    vector.print %w : vector<5xi64>
    %seven = arith.constant dense<7> : vector<5xi32>
    %m = arith.maxui %v, %seven : vector<5xi32>
    %n = arith.minui %m, %v : vector<5xi32>
    %x = arith.maxsi %n, %seven : vector<5xi32>
    vector.print %x : vector<5xi32>
    %lt = arith.cmpi ult, %v, %d : vector<5xi32>
    %lti = arith.extui %lt : vector<5xi1> to vector<5xi32>
    vector.print %lti : vector<5xi32>
    %step = vector.step : vector<8xindex>
    %lanes = arith.index_cast %step : vector<8xindex> to vector<8xi32>
    %c5 = arith.constant 5 : index
    %last = memref.load %buf[%c5] : memref<6xi32>
    %ins = vector.insert %last, %lanes[4] : i32 into vector<8xi32>
    %big = arith.constant dense<100> : vector<8xi32>
    %min = arith.minui %ins, %big : vector<8xi32>
    vector.print %min : vector<8xi32>
    gpu.terminator
  }
  return
}
}
