//===- EmulateSubgroupMma.cpp - Tensor-core ops on Vulkan -----------------===//
//
// The matrices are emulated for subgroups of 32 threads (matrixSubgroupSize)
// on any device; the functions of a program that uses them (with their
// callers and callees) count lanes and subgroups so too, so that the tile
// a program picks by gpu.subgroup_id is the one its subgroup's matrices
// hold (lavapipe's subgroups have 8 lanes).
//
//===----------------------------------------------------------------------===//

#include "pipeline/EmulateSubgroupMma.h"
#include "pipeline/MmaMatrixConversion.h"
#include "targets/vulkan/Passes.h"
#include "targets/vulkan/SubgroupOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlirc {
#define GEN_PASS_DEF_EMULATESUBGROUPMMA
#include "targets/vulkan/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// Lane and subgroup ids and sizes in \p function as subgroups of
/// matrixSubgroupSize consecutive threads.
void countMatrixSubgroups(FunctionOpInterface function) {
  SmallVector<Operation *> ops;
  function.walk([&](Operation *op) {
    if (isa<gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::SubgroupSizeOp,
            gpu::NumSubgroupsOp>(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return;
  OpBuilder b = OpBuilder::atBlockBegin(&function.getFunctionBody().front());
  Location loc = function.getLoc();
  auto size = [&](gpu::Dimension dim) -> Value {
    return gpu::BlockDimOp::create(b, loc, dim);
  };
  Value linear = mlirc::buildLinearThreadId(b, loc);
  Value threads = arith::MulIOp::create(
      b, loc, size(gpu::Dimension::x),
      arith::MulIOp::create(b, loc, size(gpu::Dimension::y),
                            size(gpu::Dimension::z)));
  for (Operation *op : ops)
    mlirc::replaceSubgroupIdOp(op, linear, threads, mlirc::matrixSubgroupSize);
}

/// The functions of \p module that use matrices, those that call them, and
/// what those call: the program a kernel with matrices runs, in which a
/// tile chosen by subgroup id in one function meets matrices in another.
SetVector<Operation *> findMatrixPrograms(gpu::GPUModuleOp module) {
  SymbolTable symbols(module);
  DenseMap<Operation *, SmallVector<Operation *>> callees;
  SetVector<Operation *> program;
  for (auto function : module.getOps<FunctionOpInterface>()) {
    SmallVector<Operation *> &called = callees[function];
    function.walk([&](Operation *op) {
      if (mlirc::hasMmaMatrices(op))
        program.insert(function);
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (auto callee =
                dyn_cast_or_null<SymbolRefAttr>(call.getCallableForCallee()))
          if (Operation *found = symbols.lookup(callee.getRootReference()))
            called.push_back(found);
    });
  }
  // Callers, until none is added; then their callees.
  for (bool added = true; added;) {
    added = false;
    for (auto &[caller, called] : callees)
      if (!program.contains(caller) && llvm::any_of(called, [&](Operation *f) {
            return program.contains(f);
          }))
        added |= program.insert(caller);
  }
  for (unsigned i = 0; i < program.size(); ++i)
    for (Operation *f : callees[program[i]])
      program.insert(f);
  return program;
}

struct EmulateSubgroupMma
    : public mlirc::impl::EmulateSubgroupMmaBase<EmulateSubgroupMma> {
  void runOnOperation() override {
    SetVector<Operation *> program = findMatrixPrograms(getOperation());
    if (failed(mlirc::emulateSubgroupMma(getOperation(), "Vulkan")))
      return signalPassFailure();
    for (Operation *function : program)
      countMatrixSubgroups(cast<FunctionOpInterface>(function));
  }
};

} // namespace
