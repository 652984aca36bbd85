// Host memory registered with gpu.host_register and handed to kernels
// through mgpuMemGetDeviceMemRef1dInt32/Float, the functions of MLIR's ROCm
// runtime that give a memref of the device's address for it. The kernel
// writes through the device memref; the host reads the same memory.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [10,  21,  32,  43,  54,  65]
// CHECK: [-0.5,  0.5,  1.5,  2.5,  3.5,  4.5]
func.func private @mgpuMemGetDeviceMemRef1dInt32(memref<?xi32>) -> memref<?xi32>
func.func private @mgpuMemGetDeviceMemRef1dFloat(memref<?xf32>) -> memref<?xf32>
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @bump(%ints: memref<?xi32>, %floats: memref<?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %i = memref.load %ints[%tx] : memref<?xi32>
    %t = arith.index_cast %tx : index to i32
    %c11 = arith.constant 11 : i32
    %m = arith.muli %t, %c11 : i32
    %s = arith.addi %i, %m : i32
    memref.store %s, %ints[%tx] : memref<?xi32>
    %f = memref.load %floats[%tx] : memref<?xf32>
    %half = arith.constant 0.5 : f32
    %g = arith.subf %f, %half : f32
    memref.store %g, %floats[%tx] : memref<?xf32>
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %ten = arith.constant 10 : i32
  %ints = memref.alloc(%c6) : memref<?xi32>
  %floats = memref.alloc(%c6) : memref<?xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    memref.store %ten, %ints[%i] : memref<?xi32>
    %t = arith.index_cast %i : index to i32
    %f = arith.sitofp %t : i32 to f32
    memref.store %f, %floats[%i] : memref<?xf32>
  }
  %ui = memref.cast %ints : memref<?xi32> to memref<*xi32>
  %uf = memref.cast %floats : memref<?xf32> to memref<*xf32>
  gpu.host_register %ui : memref<*xi32>
  gpu.host_register %uf : memref<*xf32>
  %di = call @mgpuMemGetDeviceMemRef1dInt32(%ints) : (memref<?xi32>) -> memref<?xi32>
  %df = call @mgpuMemGetDeviceMemRef1dFloat(%floats) : (memref<?xf32>) -> memref<?xf32>
  call @bump(%di, %df, %c6) : (memref<?xi32>, memref<?xf32>, index) -> ()
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  gpu.host_unregister %ui : memref<*xi32>
  gpu.host_unregister %uf : memref<*xf32>
  memref.dealloc %ints : memref<?xi32>
  memref.dealloc %floats : memref<?xf32>
  return
}
