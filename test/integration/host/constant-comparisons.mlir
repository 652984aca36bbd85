// arith.cmpf false and true, on scalars and vectors in a kernel, are the
// constants they are: MLIR 22 has no SPIR-V lowering for them, and Vulkan
// kernels with them were "cannot be compiled".
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0,  1,  0,  1]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = gpu.alloc host_shared () : memref<2xf32>
  %out = gpu.alloc host_shared () : memref<4xi32>
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  memref.store %nan, %in[%c0] : memref<2xf32>
  memref.store %one, %in[%c1] : memref<2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %a = memref.load %in[%i0] : memref<2xf32>
    %b = memref.load %in[%i1] : memref<2xf32>
    %f = arith.cmpf false, %a, %b : f32
    %t = arith.cmpf true, %a, %b : f32
    %va = vector.broadcast %a : f32 to vector<2xf32>
    %vb = vector.broadcast %b : f32 to vector<2xf32>
    %vf = arith.cmpf false, %va, %vb : vector<2xf32>
    %vt = arith.cmpf true, %va, %vb : vector<2xf32>
    %e0 = arith.extui %f : i1 to i32
    %e1 = arith.extui %t : i1 to i32
    %x0 = vector.extract %vf[1] : i1 from vector<2xi1>
    %x1 = vector.extract %vt[1] : i1 from vector<2xi1>
    %e2 = arith.extui %x0 : i1 to i32
    %e3 = arith.extui %x1 : i1 to i32
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    memref.store %e0, %out[%i0] : memref<4xi32>
    memref.store %e1, %out[%i1] : memref<4xi32>
    memref.store %e2, %out[%i2] : memref<4xi32>
    memref.store %e3, %out[%i3] : memref<4xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
