//===- IntegerCompareExchange.cpp - Compare-and-swap of floats as integers ===//
//
// MLIR 22 lowers memref.generic_atomic_rmw to a loop around llvm.cmpxchg on
// the memref's element type, and LLVM's cmpxchg takes only integers and
// pointers: a float element failed in the translation to LLVM IR. The swap
// compares bits, so it is the same on the integer of the float's width:
// the operands are bitcast to it, and the loaded value back.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_INTEGERCOMPAREEXCHANGE
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct IntegerCompareExchangePass
    : public mlirc::impl::IntegerCompareExchangeBase<
          IntegerCompareExchangePass> {
  void runOnOperation() override {
    SmallVector<LLVM::AtomicCmpXchgOp> swaps;
    getOperation()->walk([&](LLVM::AtomicCmpXchgOp op) {
      if (isa<FloatType>(op.getVal().getType()))
        swaps.push_back(op);
    });
    for (LLVM::AtomicCmpXchgOp op : swaps)
      if (failed(rewrite(op)))
        return signalPassFailure();
  }

  LogicalResult rewrite(LLVM::AtomicCmpXchgOp op) {
    MLIRContext *context = op.getContext();
    auto floatType = cast<FloatType>(op.getVal().getType());
    Type bits = IntegerType::get(context, floatType.getWidth());
    OpBuilder b(op);
    Location loc = op.getLoc();
    op.getCmpMutable().assign(
        LLVM::BitcastOp::create(b, loc, bits, op.getCmp()));
    op.getValMutable().assign(
        LLVM::BitcastOp::create(b, loc, bits, op.getVal()));
    op.getRes().setType(LLVM::LLVMStructType::getLiteral(
        context, {bits, IntegerType::get(context, 1)}));
    for (Operation *user : llvm::make_early_inc_range(op->getUsers())) {
      auto extract = dyn_cast<LLVM::ExtractValueOp>(user);
      if (!extract)
        return user->emitError("a use of a float compare-and-swap's result "
                               "that mlirc cannot retype; please report it "
                               "with the input");
      if (extract.getPosition() != ArrayRef<int64_t>{0})
        continue;
      extract.getRes().setType(bits);
      b.setInsertionPointAfter(extract);
      auto loaded = LLVM::BitcastOp::create(b, loc, floatType, extract);
      extract.getRes().replaceAllUsesExcept(loaded, loaded);
    }
    return success();
  }
};

} // namespace
