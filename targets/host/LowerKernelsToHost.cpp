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

#include "pipeline/EmulateSubgroupMma.h"
#include "pipeline/InlineGpuHelpers.h"
#include "pipeline/Passes.h"
#include "pipeline/PermutedBuffers.h"
#include "pipeline/TaggedBuffers.h"
#include "targets/host/HostBlockFunction.h"
#include "targets/host/HostStrideLoops.h"
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

/// gpu.rotate and gpu.subgroup_broadcast as shuffles across the subgroup,
/// which the block function has; a broadcast reads its lane, the first
/// where all are active (the host target's subgroup ops are reached by
/// every thread).
void expressWithShuffles(gpu::GPUModuleOp gpuModule) {
  mlirc::expressRotatesAsShuffles(gpuModule, /*withinSegments=*/false);
  SmallVector<gpu::SubgroupBroadcastOp> broadcasts;
  gpuModule.walk(
      [&](gpu::SubgroupBroadcastOp op) { broadcasts.push_back(op); });
  for (gpu::SubgroupBroadcastOp op : broadcasts) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Type i32 = b.getI32Type();
    Value size = arith::IndexCastOp::create(
        b, loc, i32, gpu::SubgroupSizeOp::create(b, loc, nullptr));
    Value source = arith::ConstantIntOp::create(b, loc, i32, 0);
    if (Value lane = op.getLane())
      source = lane.getType().isIndex()
                   ? arith::IndexCastOp::create(b, loc, i32, lane).getResult()
                   : lane;
    auto shuffle = gpu::ShuffleOp::create(b, loc, op.getSrc(), source, size,
                                          gpu::ShuffleMode::IDX);
    mlirc::markWrittenAs(shuffle, op);
    op.getResult().replaceAllUsesWith(shuffle.getShuffleResult());
    op.erase();
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
      DenseSet<StringAttr> gpuHelpers = mlirc::findGpuHelpers(hostCopy);
      if (failed(mlirc::inlineGpuHelpers(hostCopy, gpuHelpers, "host")) ||
          failed(mlirc::emulateSubgroupMma(hostCopy, "host")))
        return signalPassFailure();
      expressWithShuffles(hostCopy);
      if (failed(lowerKernelAsserts(hostCopy)))
        return signalPassFailure();
      makeStrideLoopsUniform(hostCopy);
      // Loops with barriers keep no memref per thread; ping-pong buffers
      // need none, other buffers chosen among those from before the loop
      // become their number.
      mlirc::selectPermutedBuffers(hostCopy);
      mlirc::tagCarriedBuffers(hostCopy, containsCrossThread);
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
