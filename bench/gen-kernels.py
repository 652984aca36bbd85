#!/usr/bin/env python3
"""Writes N kernels in one file, as MLIR (N functions, each with a gpu.launch
that mlirc outlines) and as the same CUDA C++, for bench/compile.sh:

    gen-kernels.py N out.mlir out.cu
"""
import sys

n = int(sys.argv[1])
mlir, cuda = [], []
mlir.append("module {")
for i in range(n):
    mlir.append(f"""  func.func @scale{i}(%x: memref<?xf32>, %y: memref<?xf32>) {{
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    %a = arith.constant {i + 1}.0 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {{
      %j = gpu.global_id x
      %inside = arith.cmpi ult, %j, %n : index
      scf.if %inside {{
        %xj = memref.load %x[%j] : memref<?xf32>
        %yj = memref.load %y[%j] : memref<?xf32>
        %ax = arith.mulf %a, %xj : f32
        %r = arith.addf %ax, %yj : f32
        memref.store %r, %y[%j] : memref<?xf32>
      }}
      gpu.terminator
    }}
    return
  }}""")
    cuda.append(f"""__global__ void scale{i}_kernel(const float *x, float *y, long n) {{
  long j = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (j < n)
    y[j] = {i + 1}.0f * x[j] + y[j];
}}
void scale{i}(const float *x, float *y, long n) {{
  scale{i}_kernel<<<(n + 255) / 256, 256>>>(x, y, n);
}}""")
mlir.append("}")
with open(sys.argv[2], "w") as f:
    f.write("\n".join(mlir) + "\n")
with open(sys.argv[3], "w") as f:
    f.write("\n".join(cuda) + "\n")
