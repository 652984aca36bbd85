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
// A kernel's static shared memory beyond the 48 KB every NVIDIA GPU allows
// failed only at the device link, in nvlink's words ("uses too much shared
// data"), naming no source; it is an error at the kernel now.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Passes.h"

#include "pipeline/KernelSourceName.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlirc {
#define GEN_PASS_DEF_SHAREDMEMORYARRAYS
#include "targets/nvptx/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

constexpr unsigned sharedAddressSpace = 3;
constexpr uint64_t swizzleAlignment = 1024;
/// What any NVIDIA GPU gives a block of static shared memory (more only
/// as dynamic shared memory, after cudaFuncSetAttribute).
constexpr uint64_t maxStaticSharedBytes = 48 * 1024;

bool isZeroSized(Type type) {
  auto array = dyn_cast<LLVM::LLVMArrayType>(type);
  return array && array.getNumElements() == 0;
}

bool hasInitializer(LLVM::GlobalOp global) {
  return global.getValueOrNull() || !global.getInitializerRegion().empty();
}

/// The bytes of static shared memory \p kernel uses: the sized shared
/// globals it and the functions it calls take the address of, each at its
/// alignment.
uint64_t staticSharedBytes(LLVM::LLVMFuncOp kernel, SymbolTable &symbols,
                           const DataLayout &dataLayout) {
  SmallVector<LLVM::LLVMFuncOp> work = {kernel};
  llvm::SmallPtrSet<Operation *, 8> seen = {kernel};
  llvm::SetVector<LLVM::GlobalOp> globals;
  while (!work.empty()) {
    LLVM::LLVMFuncOp func = work.pop_back_val();
    func.walk([&](Operation *op) {
      if (auto address = dyn_cast<LLVM::AddressOfOp>(op)) {
        auto global = symbols.lookup<LLVM::GlobalOp>(address.getGlobalName());
        if (global && global.getAddrSpace() == sharedAddressSpace &&
            global.getLinkage() != LLVM::Linkage::External)
          globals.insert(global);
      } else if (auto call = dyn_cast<LLVM::CallOp>(op)) {
        std::optional<StringRef> name = call.getCallee();
        auto callee = name ? symbols.lookup<LLVM::LLVMFuncOp>(*name)
                           : LLVM::LLVMFuncOp();
        if (callee && seen.insert(callee).second)
          work.push_back(callee);
      }
    });
  }
  uint64_t bytes = 0;
  for (LLVM::GlobalOp global : globals) {
    Type type = global.getGlobalType();
    uint64_t alignment =
        std::max<uint64_t>(global.getAlignment().value_or(0),
                           dataLayout.getTypeABIAlignment(type));
    bytes = llvm::alignTo(bytes, alignment) + dataLayout.getTypeSize(type);
  }
  return bytes;
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
    SymbolTable symbols(module);
    for (auto kernel : module.getOps<LLVM::LLVMFuncOp>()) {
      if (!kernel->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
        continue;
      uint64_t bytes = staticSharedBytes(kernel, symbols, dataLayout);
      if (bytes <= maxStaticSharedBytes)
        continue;
      kernel.emitError() << "kernel '" << mlirc::getSourceKernelName(kernel)
                         << "' uses " << bytes
                         << " bytes of static workgroup (shared) memory; an "
                            "NVIDIA GPU gives a block at most "
                         << maxStaticSharedBytes
                         << " bytes of it. Take the rest as dynamic shared "
                            "memory (gpu.dynamic_shared_memory and the "
                            "launch's dynamic_shared_memory_size), up to the "
                            "GPU's limit";
      signalPassFailure();
    }
  }
};

} // namespace
