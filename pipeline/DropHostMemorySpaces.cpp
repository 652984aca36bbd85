//===- DropHostMemorySpaces.cpp - gpu address spaces in host code ---------===//
//
// Host code may hold memrefs of a GPU's address spaces: what gpu.alloc
// returns for a kernel's #gpu.address_space<global> (or memory space 1)
// argument, and the launch's operands. On the CPU there is one address
// space; MLIR's LLVM conversions have no rule for the gpu dialect's (an
// error at <unknown>:0 before) and left casts between numbered ones. The
// host code's memrefs lose them; the kernels, compiled already, keep theirs.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlirc {
#define GEN_PASS_DEF_DROPHOSTMEMORYSPACES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// A GPU's address space: the gpu dialect's, or a number (1 for global
/// memory on NVIDIA and AMD, ...).
bool isGpuMemorySpace(Attribute space) {
  if (auto number = dyn_cast_or_null<IntegerAttr>(space))
    return number.getValue() != 0;
  return isa_and_present<gpu::AddressSpaceAttr>(space);
}

struct DropHostMemorySpacesPass
    : public mlirc::impl::DropHostMemorySpacesBase<DropHostMemorySpacesPass> {
  void runOnOperation() override {
    AttrTypeReplacer replacer;
    replacer.addReplacement([](MemRefType type) -> std::optional<Type> {
      if (!isGpuMemorySpace(type.getMemorySpace()))
        return std::nullopt;
      return MemRefType::get(type.getShape(), type.getElementType(),
                             type.getLayout());
    });
    replacer.addReplacement([](UnrankedMemRefType type) -> std::optional<Type> {
      if (!isGpuMemorySpace(type.getMemorySpace()))
        return std::nullopt;
      return UnrankedMemRefType::get(type.getElementType(), Attribute());
    });
    for (Operation &op : getOperation().getBody()->getOperations())
      if (!isa<gpu::GPUModuleOp, gpu::BinaryOp>(op))
        replacer.recursivelyReplaceElementsIn(&op, /*replaceAttrs=*/true,
                                              /*replaceLocs=*/false,
                                              /*replaceTypes=*/true);
  }
};

} // namespace
