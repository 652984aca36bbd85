//===- MemorySpaces.h - Which memory a memref's memory space is -*- C++ -*-===//
//
// Input programs name kernel memory with the gpu dialect's address spaces
// or with NVVM's and AMDGPU's numbers (`memref<0xf16, 3>`); the passes that
// tell workgroup, private and global memory apart read both the same way.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_MEMORYSPACES_H
#define MLIRC_PIPELINE_MEMORYSPACES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include <optional>

namespace mlirc {

/// The memory \p space names: none is global (host or device) memory, and
/// the numbers 1, 3 and 5 are global, workgroup and private memory. Other
/// spaces name none of them.
inline std::optional<mlir::gpu::AddressSpace>
getGpuAddressSpace(mlir::Attribute space) {
  using mlir::gpu::AddressSpace;
  if (!space)
    return AddressSpace::Global;
  if (auto gpuSpace = llvm::dyn_cast<mlir::gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue();
  if (auto number = llvm::dyn_cast<mlir::IntegerAttr>(space)) {
    switch (number.getInt()) {
    case 1:
      return AddressSpace::Global;
    case 3:
      return AddressSpace::Workgroup;
    case 5:
      return AddressSpace::Private;
    }
  }
  return std::nullopt;
}

} // namespace mlirc

#endif // MLIRC_PIPELINE_MEMORYSPACES_H
