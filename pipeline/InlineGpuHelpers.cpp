//===- InlineGpuHelpers.cpp - Device functions that use the GPU, inlined --===//

#include "pipeline/InlineGpuHelpers.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

/// True when \p type is a memref in a GPU address space.
static bool isGpuMemory(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref &&
         isa_and_nonnull<gpu::AddressSpaceAttr>(memref.getMemorySpace());
}

/// True when \p helper itself uses the GPU: a GPU op, a device global, or
/// memory in a GPU address space (with \p anyMemRef, a memref argument or
/// result of any address space).
static bool usesGpu(func::FuncOp helper, bool anyMemRef) {
  auto passed = [&](Type type) {
    return isGpuMemory(type) || (anyMemRef && isa<BaseMemRefType>(type));
  };
  if (llvm::any_of(helper.getFunctionType().getInputs(), passed) ||
      llvm::any_of(helper.getFunctionType().getResults(), passed))
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

/// Adds to \p found the helpers of \p gpuModule that call one in it,
/// directly or not, and that \p admit takes.
static void addCallers(gpu::GPUModuleOp gpuModule, DenseSet<StringAttr> &found,
                       function_ref<bool(func::FuncOp)> admit) {
  for (bool changed = true; changed;) {
    changed = false;
    for (auto helper : gpuModule.getOps<func::FuncOp>()) {
      if (found.contains(helper.getNameAttr()) || !admit(helper))
        continue;
      bool callsFound =
          helper
              .walk([&](func::CallOp call) {
                return found.contains(call.getCalleeAttr().getAttr())
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
      if (callsFound) {
        found.insert(helper.getNameAttr());
        changed = true;
      }
    }
  }
}

/// True when \p helper can be inlined: one block, and no call of it
/// reaches it again.
static bool isInlinable(func::FuncOp helper, gpu::GPUModuleOp gpuModule) {
  if (helper.isExternal() || !helper.getBody().hasOneBlock())
    return false;
  DenseSet<StringAttr> reached;
  SmallVector<func::FuncOp> work = {helper};
  while (!work.empty()) {
    func::FuncOp function = work.pop_back_val();
    bool cycle =
        function
            .walk([&](func::CallOp call) {
              StringAttr callee = call.getCalleeAttr().getAttr();
              if (callee == helper.getNameAttr())
                return WalkResult::interrupt();
              if (reached.insert(callee).second)
                if (auto next = gpuModule.lookupSymbol<func::FuncOp>(callee))
                  work.push_back(next);
              return WalkResult::advance();
            })
            .wasInterrupted();
    if (cycle)
      return false;
  }
  return true;
}

DenseSet<StringAttr> mlirc::findGpuHelpers(gpu::GPUModuleOp gpuModule,
                                           bool anyMemRef) {
  DenseSet<StringAttr> found;
  for (auto helper : gpuModule.getOps<func::FuncOp>())
    if (usesGpu(helper, anyMemRef))
      found.insert(helper.getNameAttr());
  addCallers(gpuModule, found, [](func::FuncOp) { return true; });
  // Helpers with a cf.assert, and their callers, where they can be inlined:
  // a failing assert then ends its thread, as the kernels' lowering makes
  // it (the others keep their calls, and each target's lowering of it).
  DenseSet<StringAttr> asserting;
  auto inlinable = [&](func::FuncOp helper) {
    return isInlinable(helper, gpuModule);
  };
  for (auto helper : gpuModule.getOps<func::FuncOp>())
    if (inlinable(helper) &&
        helper.walk([](cf::AssertOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      asserting.insert(helper.getNameAttr());
  addCallers(gpuModule, asserting, inlinable);
  found.insert(asserting.begin(), asserting.end());
  return found;
}

/// Replaces \p call by the body of \p callee, which must be one block.
static LogicalResult inlineCall(func::CallOp call, func::FuncOp callee) {
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

LogicalResult mlirc::inlineGpuHelpers(gpu::GPUModuleOp gpuModule,
                                      const DenseSet<StringAttr> &gpuHelpers,
                                      StringRef target) {
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
        return call.emitError("mlirc's ")
               << target << " target must inline '" << callee.getName()
               << "', which uses GPU operations or memory, and cannot: it is "
                  "recursive or its body is more than one block";
    }
  }
}
