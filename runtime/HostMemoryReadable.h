//===- HostMemoryReadable.h - No registration for launches ------*- C++ -*-===//
//
// mlircKernelHostMemoryBegin and mlircKernelHostMemoryEnd
// (pipeline/KernelHostMemory.cpp) for backends that do nothing there: the
// host target's kernels are host code, Vulkan launches copy host memory in
// and out. (HIP does not register it yet: its kernels need memory they
// can read, as with hipcc.) Each includes this once inside its extern "C"
// block, after RuntimeExport.h.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_HOSTMEMORYREADABLE_H
#define MLIRC_RUNTIME_HOSTMEMORYREADABLE_H

void *MLIRC_EXPORT(mlircKernelHostMemoryBegin)(void *, uint64_t) {
  return nullptr;
}

void MLIRC_EXPORT(mlircKernelHostMemoryEnd)(void *) {}

#endif // MLIRC_RUNTIME_HOSTMEMORYREADABLE_H
