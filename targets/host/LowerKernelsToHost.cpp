//===- LowerKernelsToHost.cpp - GPU kernels as CPU block functions --------===//
//
// The host target's device lowering: a block function per kernel (see
// HostBlockFunction.h), host copies of the device helpers they call, and,
// when no GPU target also needs them, kernels emptied to the signatures the
// launches' verifier still checks. Helpers that use the GPU (thread ids,
// barriers, shuffles, workgroup memory, device globals) are inlined into
// the kernels first, in a copy of the gpu.module: a block function must see
// every barrier and id of its kernel.
//
//===----------------------------------------------------------------------===//

#include "targets/host/EmulateSubgroupMma.h"
#include "targets/host/HostBlockFunction.h"
#include "targets/host/LowerKernelAsserts.h"
#include "targets/host/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/ScopeExit.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERKERNELSTOHOST
#include "targets/host/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc::host;

namespace {

/// True when \p type is a memref in a GPU address space.
bool isGpuMemory(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref &&
         isa_and_nonnull<gpu::AddressSpaceAttr>(memref.getMemorySpace());
}

/// True when \p helper itself uses the GPU: a GPU op, a device global, or
/// memory in a GPU address space.
bool usesGpu(func::FuncOp helper) {
  if (llvm::any_of(helper.getFunctionType().getInputs(), isGpuMemory) ||
      llvm::any_of(helper.getFunctionType().getResults(), isGpuMemory))
    return true;
  return helper
      .walk([](Operation *op) {
        bool gpu = isa<gpu::GPUDialect>(op->getDialect()) ||
                   isa<memref::GetGlobalOp>(op) ||
                   llvm::any_of(op->getResultTypes(), isGpuMemory);
        return gpu ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The helpers of \p gpuModule that use the GPU, directly or through the
/// helpers they call.
DenseSet<StringAttr> findGpuHelpers(gpu::GPUModuleOp gpuModule) {
  DenseSet<StringAttr> found;
  for (auto helper : gpuModule.getOps<func::FuncOp>())
    if (usesGpu(helper))
      found.insert(helper.getNameAttr());
  for (bool changed = true; changed;) {
    changed = false;
    for (auto helper : gpuModule.getOps<func::FuncOp>()) {
      if (found.contains(helper.getNameAttr()))
        continue;
      bool callsGpuHelper =
          helper
              .walk([&](func::CallOp call) {
                return found.contains(call.getCalleeAttr().getAttr())
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
      if (callsGpuHelper) {
        found.insert(helper.getNameAttr());
        changed = true;
      }
    }
  }
  return found;
}

/// Replaces \p call by the body of \p callee, which must be one block.
LogicalResult inlineCall(func::CallOp call, func::FuncOp callee) {
  if (callee.isExternal() || !callee.getBody().hasOneBlock())
    return failure();
  Block &body = callee.getBody().front();
  IRMapping mapping;
  mapping.map(body.getArguments(), call.getOperands());
  OpBuilder builder(call);
  for (Operation &op : body.without_terminator())
    builder.clone(op, mapping);
  for (auto [result, value] :
       llvm::zip(call.getResults(), body.getTerminator()->getOperands()))
    result.replaceAllUsesWith(mapping.lookupOrDefault(value));
  call.erase();
  return success();
}

/// Inlines every call to the helpers \p gpuHelpers names in \p gpuModule.
LogicalResult inlineGpuHelpers(gpu::GPUModuleOp gpuModule,
                               const DenseSet<StringAttr> &gpuHelpers) {
  // Helpers calling helpers need several rounds; recursion never ends.
  constexpr unsigned maxDepth = 32;
  for (unsigned depth = 0;; ++depth) {
    SmallVector<func::CallOp> calls;
    for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>())
      kernel.walk([&](func::CallOp call) {
        if (gpuHelpers.contains(call.getCalleeAttr().getAttr()))
          calls.push_back(call);
      });
    if (calls.empty())
      return success();
    for (func::CallOp call : calls) {
      auto callee = gpuModule.lookupSymbol<func::FuncOp>(call.getCalleeAttr());
      if (depth == maxDepth || failed(inlineCall(call, callee)))
        return call.emitError("mlirc's host target must inline '")
               << callee.getName()
               << "', which uses GPU operations, and cannot: it is "
                  "recursive or its body is more than one block";
    }
  }
}

/// Declares \p declaration, a function a gpu.module declares but does not
/// define, in the host \p module under its own name.
LogicalResult declareOnHost(ModuleOp module, func::FuncOp declaration) {
  Operation *existing = module.lookupSymbol(declaration.getNameAttr());
  if (!existing) {
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    cast<func::FuncOp>(b.clone(*declaration)).setPrivate();
    return success();
  }
  auto function = dyn_cast<func::FuncOp>(existing);
  if (function && function.getFunctionType() == declaration.getFunctionType())
    return success();
  return declaration.emitError("the host target calls '")
         << declaration.getName()
         << "' as the host function of that name, which the program "
            "declares differently";
}

struct LowerKernelsToHostPass
    : public mlirc::impl::LowerKernelsToHostBase<LowerKernelsToHostPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect, LLVM::LLVMDialect,
                    memref::MemRefDialect, scf::SCFDialect,
                    vector::VectorDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      // The block functions are built from a copy whose GPU helpers are
      // inlined; GPU targets keep the original.
      auto hostCopy = cast<gpu::GPUModuleOp>(gpuModule->clone());
      llvm::scope_exit eraseCopy([&] { hostCopy->erase(); });
      DenseSet<StringAttr> gpuHelpers = findGpuHelpers(hostCopy);
      if (failed(inlineGpuHelpers(hostCopy, gpuHelpers)) ||
          failed(emulateSubgroupMma(hostCopy)))
        return signalPassFailure();
      lowerKernelAsserts(hostCopy);
      // The other helpers get a host copy under a program-unique name;
      // declarations name functions outside the device code (libm's, say),
      // which the host calls under their own names.
      DenseMap<StringAttr, StringAttr> helpers;
      for (auto helper : hostCopy.getOps<func::FuncOp>()) {
        if (gpuHelpers.contains(helper.getNameAttr()))
          continue;
        if (helper.isExternal()) {
          if (failed(declareOnHost(module, helper)))
            return signalPassFailure();
          helpers[helper.getNameAttr()] = helper.getNameAttr();
          continue;
        }
        auto name = StringAttr::get(&getContext(), "__mlirc_host." +
                                                       gpuModule.getName() +
                                                       "." + helper.getName());
        helpers[helper.getNameAttr()] = name;
        OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
        auto copy = cast<func::FuncOp>(b.clone(*helper));
        copy.setName(name);
        copy.setPrivate();
      }
      for (auto kernel : hostCopy.getOps<gpu::GPUFuncOp>()) {
        if (!kernel.isKernel())
          continue;
        BlockFunctionBuilder builder(kernel, module);
        if (failed(builder.build()))
          return signalPassFailure();
      }
      // Calls to device helpers, from block functions and from helpers,
      // go to the host copies.
      for (const auto &renaming : helpers) {
        StringAttr oldName = renaming.first, newName = renaming.second;
        for (Operation &op : module.getBody()->getOperations())
          if (auto func = dyn_cast<func::FuncOp>(op);
              func && func.getName().starts_with("__mlirc_host."))
            func.walk([&](func::CallOp call) {
              if (call.getCalleeAttr().getAttr() == oldName)
                call.setCallee(newName);
            });
      }
      if (keepDeviceBodies)
        continue;
      // Only the signatures are still needed, by the launches' verifier.
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
        Region &region = kernel.getBody();
        for (Block &block : region)
          block.dropAllReferences();
        while (!region.hasOneBlock())
          region.back().erase();
        Block &body = region.front();
        body.dropAllDefinedValueUses();
        while (!body.empty())
          body.back().erase();
        OpBuilder b = OpBuilder::atBlockEnd(&body);
        gpu::ReturnOp::create(b, kernel.getLoc());
      }
      for (Operation &op :
           llvm::make_early_inc_range(gpuModule.getBody()->getOperations()))
        if (!isa<gpu::GPUFuncOp>(op))
          op.erase();
    }
  }
};

} // namespace
