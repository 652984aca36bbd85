//===- SparseLibraryEnv.cpp - The sparse library's set-up calls -----------===//
//
// Programs written for MLIR's CUDA runtime call mgpuCreateSparseEnv (and
// the cuSPARSELt pair) around their sparse code, which MLIR's sparsifier
// may hand to cuSPARSE. mlirc's sparsifier computes on the CPU, and the
// host target's library of the gpu dialect's sparse ops (HostSparseLibrary)
// needs no handle, so there is nothing to set up; these let such programs
// link for every target.
//
//===----------------------------------------------------------------------===//

extern "C" {
void mgpuCreateSparseEnv() {}
void mgpuDestroySparseEnv() {}
void mgpuCreateSparseLtEnv() {}
void mgpuDestroySparseLtEnv() {}
}
