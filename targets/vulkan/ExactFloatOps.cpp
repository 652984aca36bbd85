//===- ExactFloatOps.cpp - IEEE order for Vulkan's float arithmetic -------===//
//
// See ExactFloatOps.h.
//
//===----------------------------------------------------------------------===//

#include "targets/vulkan/ExactFloatOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

bool mlirc::allFloatOpsReassociate(Operation *root) {
  WalkResult exact = root->walk([](arith::ArithFastMathInterface op) {
    if (op->getNumResults() != 1 ||
        !isa<FloatType>(getElementTypeOrSelf(op->getResult(0).getType())))
      return WalkResult::advance();
    // Ops built without the attribute have none of the flags.
    arith::FastMathFlagsAttr flags = op.getFastMathFlagsAttr();
    return flags && arith::bitEnumContainsAll(flags.getValue(),
                                              arith::FastMathFlags::reassoc)
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return !exact.wasInterrupted();
}

void mlirc::keepFloatOpsExact(spirv::ModuleOp module) {
  // The unit attribute MLIR's serializer writes as the decoration.
  StringRef name = "no_contraction";
  module.walk([&](Operation *op) {
    if (isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp, spirv::FDivOp,
            spirv::FRemOp, spirv::FModOp, spirv::FNegateOp,
            spirv::VectorTimesScalarOp, spirv::DotOp>(op))
      op->setAttr(name, UnitAttr::get(op->getContext()));
  });
}
