// A sparse library op given a memref.get_global buffer, which MLIR's
// lowering would read from a pointer that is not the global's.
memref.global "private" constant @positions : memref<3xindex> = dense<[0, 1, 2]>

func.func @main() {
  %c2 = arith.constant 2 : index
  %pos = memref.get_global @positions : memref<3xindex>
  %crd = memref.alloc() : memref<2xindex>
  %val = memref.alloc() : memref<2xf64>
  %t0 = gpu.wait async
  %m, %t1 = gpu.create_csr async [%t0] %c2, %c2, %c2, %pos, %crd, %val : memref<3xindex>, memref<2xindex>, memref<2xf64>
  %t2 = gpu.destroy_sp_mat async [%t1] %m
  gpu.wait [%t2]
  return
}
