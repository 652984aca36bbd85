// A CUDA kernel built by clang's new offloading driver, linked with mlirc
// objects in the interop test.
__global__ void cuda_increment(float *x) { x[threadIdx.x] += 1.0f; }

void launch_cuda_increment(float *x) { cuda_increment<<<1, 32>>>(x); }
