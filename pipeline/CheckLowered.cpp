//===- CheckLowered.cpp - What the lowering to LLVM left, at the op -------===//
//
// MLIR's conversions leave an op they have no pattern for as it is, and a
// builtin.unrealized_conversion_cast between it and the converted code;
// the translation to LLVM IR then fails at that cast, which names neither
// the op nor the source line. This pass, the last of host and device
// lowering, reports the op that is left instead.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_CHECKLOWERED
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// True for ops that may stay after lowering: the LLVM dialect, a
/// target's intrinsics, OpenMP's ops on LLVM types (the translation to
/// LLVM IR lowers them), and the modules holding them.
bool isLowered(Operation *op) {
  if (isa_and_present<omp::OpenMPDialect>(op->getDialect()))
    return llvm::all_of(op->getOperandTypes(), LLVM::isCompatibleType) &&
           llvm::all_of(op->getResultTypes(), LLVM::isCompatibleType);
  return isa<LLVM::LLVMDialect, NVVM::NVVMDialect, ROCDL::ROCDLDialect>(
             op->getDialect()) ||
         isa<ModuleOp, gpu::GPUModuleOp>(op);
}

/// \p op's location, or its closest ancestor's that is known.
Location getKnownLoc(Operation *op) {
  for (Operation *at = op; at; at = at->getParentOp())
    if (!isa<UnknownLoc>(at->getLoc()))
      return at->getLoc();
  return op->getLoc();
}

/// The unlowered op a cast stands for: one of its users, or the op
/// defining what it casts; null when both sides are lowered.
Operation *getUnloweredNeighbour(UnrealizedConversionCastOp cast) {
  for (Operation *user : cast->getUsers())
    if (!isLowered(user) && !isa<UnrealizedConversionCastOp>(user))
      return user;
  for (Value input : cast.getInputs())
    if (Operation *def = input.getDefiningOp())
      if (!isLowered(def) && !isa<UnrealizedConversionCastOp>(def))
        return def;
  return nullptr;
}

struct CheckLoweredPass
    : public mlirc::impl::CheckLoweredBase<CheckLoweredPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    WalkResult result = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      // Device code on the host is checked by its own device lowering;
      // gpu.binary ops hold objects, not code.
      if (op != root && isa<gpu::GPUModuleOp, gpu::BinaryOp>(op))
        return WalkResult::skip();
      if (isLowered(op))
        return WalkResult::advance();
      Operation *culprit = op;
      if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op)) {
        culprit = getUnloweredNeighbour(cast);
        if (!culprit) {
          emitError(getKnownLoc(op))
              << "internal compiler error: a value of type "
              << cast.getInputs().getTypes() << " is used as "
              << cast->getResultTypes()
              << " and nothing converts it; please report it with the input";
          return WalkResult::interrupt();
        }
      }
      emitError(getKnownLoc(culprit))
          << "'" << culprit->getName()
          << "' cannot be compiled here: MLIR's lowering to the LLVM dialect "
             "has no rule for it"
          << (culprit->getNumOperands() ? " with these operand types"
                                         : " with these result types")
          << " ("
          << (culprit->getNumOperands() ? TypeRange(culprit->getOperandTypes())
                                        : TypeRange(culprit->getResultTypes()))
          << ")";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
