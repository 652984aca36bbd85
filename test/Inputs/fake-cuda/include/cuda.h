/* Fake CUDA toolkit for mlirc's tests: only the version is read. */
#define CUDA_VERSION 13000
