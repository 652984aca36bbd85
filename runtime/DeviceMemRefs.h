//===- DeviceMemRefs.h - Device views of registered host memory -*- C++ -*-===//
//
// mgpuMemGetDeviceMemRef1dFloat and mgpuMemGetDeviceMemRef1dInt32, which
// MLIR's ROCm runtime provides and MLIR's ROCm programs call after
// gpu.host_register: the same memref with the device's address of the
// registered memory. Every backend exports them under its prefix like the
// rest of RuntimeAPI.def: each includes this once, inside its extern "C"
// block, after defining getDevicePointer(void *) in an anonymous namespace.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_DEVICEMEMREFS_H
#define MLIRC_RUNTIME_DEVICEMEMREFS_H

mlirc::runtime::MemRef1d MLIRC_EXPORT(mgpuMemGetDeviceMemRef1dFloat)(
    float *, float *aligned, int64_t offset, int64_t size, int64_t stride) {
  void *device = getDevicePointer(aligned);
  return {device, device, offset, size, stride};
}

mlirc::runtime::MemRef1d MLIRC_EXPORT(mgpuMemGetDeviceMemRef1dInt32)(
    int32_t *, int32_t *aligned, int64_t offset, int64_t size, int64_t stride) {
  void *device = getDevicePointer(aligned);
  return {device, device, offset, size, stride};
}

#endif // MLIRC_RUNTIME_DEVICEMEMREFS_H
