//===- ContractFloatOps.cpp - -ffp-contract= as fastmath flags ------------===//
//
// LLVM's back ends fuse a multiply and an add into one FMA only when both
// carry the `contract` flag (or the target options allow it everywhere,
// which MLIR's serialization does not set). clang sets it for CUDA and HIP
// device code by default (-ffp-contract=fast), as nvcc fuses by default;
// for C, only within one expression (on). MLIR has no expressions: a
// multiply whose one use is an add or a subtraction stands for one.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_CONTRACTFLOATOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

void addFlags(Operation *op, arith::FastMathFlags added) {
  auto fastmath = dyn_cast<arith::ArithFastMathInterface>(op);
  if (!fastmath)
    return;
  // Ops whose flags are optional (arith.truncf, arith.extf) may have none.
  arith::FastMathFlagsAttr current = fastmath.getFastMathFlagsAttr();
  arith::FastMathFlags flags =
      current ? current.getValue() : arith::FastMathFlags::none;
  op->setAttr(fastmath.getFastMathAttrName(),
              arith::FastMathFlagsAttr::get(op->getContext(), flags | added));
}

void addContract(Operation *op) {
  addFlags(op, arith::FastMathFlags::contract);
}

/// True for a float op of \p op's kind that may fuse with a multiply.
bool isAddOrSub(Operation *op) { return isa<arith::AddFOp, arith::SubFOp>(op); }

void contract(Operation *op, StringRef mode) {
  if (mode == "fast") {
    addContract(op);
    return;
  }
  if (mode != "on" || !isa<arith::MulFOp>(op) || !op->hasOneUse())
    return;
  Operation *user = *op->getUsers().begin();
  if (!isAddOrSub(user))
    return;
  addContract(op);
  addContract(user);
}

struct ContractFloatOpsPass
    : public mlirc::impl::ContractFloatOpsBase<ContractFloatOpsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!isValid(device) || !isValid(host)) {
      getOperation().emitError("-ffp-contract= takes fast, on or off");
      return signalPassFailure();
    }
    arith::FastMathFlags fast = arith::FastMathFlags::none;
    SmallVector<StringRef> names;
    StringRef(fastMath).split(names, ',', -1, /*KeepEmpty=*/false);
    for (StringRef name : names) {
      std::optional<arith::FastMathFlags> flag =
          arith::symbolizeFastMathFlags(name);
      if (!flag) {
        getOperation().emitError("unknown fastmath flag '") << name << "'";
        return signalPassFailure();
      }
      fast = fast | *flag;
    }
    if (fast != arith::FastMathFlags::none)
      getOperation().walk([&](arith::ArithFastMathInterface op) {
        // Integer ops of math (math.absi, ...) have none.
        if (llvm::any_of(op->getResultTypes(), [](Type type) {
              return isa<FloatType>(getElementTypeOrSelf(type));
            }))
          addFlags(op, fast);
      });
    getOperation().walk([&](Operation *op) {
      if (!isa<arith::MulFOp, arith::AddFOp, arith::SubFOp, arith::NegFOp>(op))
        return;
      bool inKernel = op->getParentOfType<gpu::GPUModuleOp>() != nullptr;
      contract(op, inKernel ? device : host);
    });
  }

  static bool isValid(StringRef mode) {
    return mode == "fast" || mode == "on" || mode == "off";
  }
};

} // namespace
