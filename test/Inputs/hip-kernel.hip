// A HIP kernel built by clang without HIP's headers: the kernel attribute
// and the launch function clang's host stub calls are declared here.
struct dim3 {
  unsigned x, y, z;
};
typedef struct ihipStream_t *hipStream_t;
extern "C" int hipLaunchKernel(const void *, dim3, dim3, void **,
                               unsigned long, hipStream_t);
extern "C" __attribute__((global)) void hip_scale(float *x, float s) {
  x[0] *= s;
}
