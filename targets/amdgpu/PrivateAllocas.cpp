//===- PrivateAllocas.cpp - Stack memory in AMDGPU's private space --------===//
//
// AMDGPU keeps a thread's stack in address space 5; LLVM rejects an alloca
// anywhere else. A `memref.alloca` in a kernel lowers to one in the default
// space, so each becomes an alloca in space 5 cast to a flat pointer, the
// way clang compiles HIP's local variables.
//
//===----------------------------------------------------------------------===//

#include "targets/amdgpu/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_PRIVATEALLOCAS
#include "targets/amdgpu/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// AMDGPU's private (per-thread stack) address space.
constexpr unsigned privateAddressSpace = 5;

struct PrivateAllocasPass
    : public mlirc::impl::PrivateAllocasBase<PrivateAllocasPass> {
  void runOnOperation() override {
    SmallVector<LLVM::AllocaOp> allocas;
    getOperation().walk([&](LLVM::AllocaOp alloca) {
      if (alloca.getType().getAddressSpace() != privateAddressSpace)
        allocas.push_back(alloca);
    });
    for (LLVM::AllocaOp alloca : allocas) {
      OpBuilder b(alloca);
      auto privatePtr =
          LLVM::LLVMPointerType::get(&getContext(), privateAddressSpace);
      auto replacement = LLVM::AllocaOp::create(
          b, alloca.getLoc(), privatePtr, alloca.getElemType(),
          alloca.getArraySize(), alloca.getAlignment().value_or(0));
      Value flat = LLVM::AddrSpaceCastOp::create(b, alloca.getLoc(),
                                                 alloca.getType(), replacement);
      alloca.replaceAllUsesWith(flat);
      alloca.erase();
    }
  }
};

} // namespace
