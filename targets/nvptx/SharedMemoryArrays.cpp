//===- SharedMemoryArrays.cpp - Dynamic and aligned shared memory ---------===//
//
// A zero-sized shared array without initializer is CUDA's `extern
// __shared__ T name[]`: the start of the dynamic shared memory. MLIR lowers
// gpu.dynamic_shared_memory (and the memref<0xT, 3> globals its programs
// use the same way) to internal globals, which NVPTX emits as static shared
// variables of one byte, so the buffer behind them overlaps the kernel's
// other shared variables. They become external. TMA copies and warpgroup
// MMA with a 128-byte swizzle read shared memory in 1024-byte patterns that
// MLIR's descriptors assume start at such a boundary.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlirc {
#define GEN_PASS_DEF_SHAREDMEMORYARRAYS
#include "targets/nvptx/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

constexpr unsigned sharedAddressSpace = 3;
constexpr uint64_t swizzleAlignment = 1024;

bool isZeroSized(Type type) {
  auto array = dyn_cast<LLVM::LLVMArrayType>(type);
  return array && array.getNumElements() == 0;
}

bool hasInitializer(LLVM::GlobalOp global) {
  return global.getValueOrNull() || !global.getInitializerRegion().empty();
}

struct SharedMemoryArraysPass
    : public mlirc::impl::SharedMemoryArraysBase<SharedMemoryArraysPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    bool tensorCopies = false;
    module.walk([&](Operation *op) {
      StringRef name = op->getName().getStringRef();
      if (name.starts_with("nvvm.cp.async.bulk.tensor") ||
          name.starts_with("nvvm.wgmma"))
        tensorCopies = true;
    });
    auto external =
        LLVM::LinkageAttr::get(&getContext(), LLVM::Linkage::External);
    DataLayout dataLayout(module);
    for (auto global : module.getOps<LLVM::GlobalOp>()) {
      if (global.getAddrSpace() != sharedAddressSpace)
        continue;
      if (isZeroSized(global.getGlobalType()) && !hasInitializer(global)) {
        global.setLinkageAttr(external);
        global.setDsoLocal(false);
      }
      if (!tensorCopies)
        continue;
      if (global.getAlignment().value_or(0) < swizzleAlignment)
        global.setAlignment(swizzleAlignment);
      // Static arrays fill whole 1024-byte units, so that the dynamic
      // shared memory after them starts at such a boundary too (the driver
      // aligns it only to 16 bytes).
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (!array || isZeroSized(array) || hasInitializer(global))
        continue;
      uint64_t bytes = dataLayout.getTypeSize(array);
      uint64_t padded = llvm::alignTo(bytes, swizzleAlignment);
      if (padded != bytes)
        global.setGlobalType(LLVM::LLVMArrayType::get(
            IntegerType::get(&getContext(), 8), padded));
    }
  }
};

} // namespace
