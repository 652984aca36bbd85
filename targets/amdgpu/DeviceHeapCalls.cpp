//===- DeviceHeapCalls.cpp - malloc and free in AMD kernels ---------------===//
//
// A memref.alloc in a kernel lowers to calls of `malloc` and `free`, which
// no AMD device library defines: the device link failed on the undefined
// symbols. HIP's device malloc and free are ockl's heap functions: the
// first gives a pointer to global memory, the second takes the address as
// an integer; the calls become calls of those, with a cast from global to
// the flat pointers MLIR's code uses.
//
//===----------------------------------------------------------------------===//

#include "targets/amdgpu/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_DEVICEHEAPCALLS
#include "targets/amdgpu/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// AMDGPU's global address space, which ockl's heap pointers are in.
constexpr unsigned globalAddressSpace = 1;

struct DeviceHeapCallsPass
    : public mlirc::impl::DeviceHeapCallsBase<DeviceHeapCallsPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    auto flat = LLVM::LLVMPointerType::get(context);
    auto global = LLVM::LLVMPointerType::get(context, globalAddressSpace);
    auto i64 = IntegerType::get(context, 64);
    auto voidType = LLVM::LLVMVoidType::get(context);
    SymbolTable symbols(module);
    // The ockl function of each C one, with its global-pointer signature.
    auto declare = [&](StringRef name, LLVM::LLVMFunctionType type) {
      if (auto existing = symbols.lookup<LLVM::LLVMFuncOp>(name))
        return existing;
      OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
      auto func = LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
      symbols.insert(func);
      return func;
    };

    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (callee && (*callee == "malloc" || *callee == "free"))
        calls.push_back(call);
    });
    for (LLVM::CallOp call : calls) {
      OpBuilder b(call);
      Location loc = call.getLoc();
      if (*call.getCallee() == "malloc") {
        auto alloc = declare("__ockl_dm_alloc",
                             LLVM::LLVMFunctionType::get(global, {i64}));
        auto made = LLVM::CallOp::create(b, loc, alloc, call.getOperands());
        Value pointer =
            LLVM::AddrSpaceCastOp::create(b, loc, flat, made.getResult());
        call.getResult().replaceAllUsesWith(pointer);
      } else {
        auto dealloc = declare("__ockl_dm_dealloc",
                               LLVM::LLVMFunctionType::get(voidType, {i64}));
        Value address =
            LLVM::PtrToIntOp::create(b, loc, i64, call.getOperand(0));
        LLVM::CallOp::create(b, loc, dealloc, ValueRange{address});
      }
      call.erase();
    }
    for (StringRef name : {"malloc", "free"})
      if (auto decl = symbols.lookup<LLVM::LLVMFuncOp>(name))
        if (decl.isExternal() && SymbolTable::symbolKnownUseEmpty(decl, module))
          decl.erase();
  }
};

} // namespace
