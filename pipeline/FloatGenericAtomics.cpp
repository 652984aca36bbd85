//===- FloatGenericAtomics.cpp - Float generic atomics on integers --------===//
//
// MLIR 22 lowers memref.generic_atomic_rmw to a loop around a
// compare-and-swap of the memref's element type, and cmpxchg takes only
// integers and pointers: a float element made invalid IR. The swap compares
// bits, so the same op on the integer of the float's width computes the
// same: the memref is cast to integer elements (its descriptor is the
// same; the cast disappears when the memref is lowered), and the body
// bitcasts the current value to the float and its result back.
//
// memref.atomic_rmw mulf and muli, which LLVM has no atomicrmw for, become
// generic_atomic_rmw ops that multiply first.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlirc {
#define GEN_PASS_DEF_FLOATGENERICATOMICS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct FloatGenericAtomicsPass
    : public mlirc::impl::FloatGenericAtomicsBase<FloatGenericAtomicsPass> {
  void runOnOperation() override {
    expressProductsAsGeneric();
    SmallVector<memref::GenericAtomicRMWOp> atomics;
    getOperation()->walk([&](memref::GenericAtomicRMWOp op) {
      Type element = op.getMemref().getType().getElementType();
      if (element.isF16() || element.isBF16() || element.isF32() ||
          element.isF64())
        atomics.push_back(op);
    });
    for (memref::GenericAtomicRMWOp op : atomics)
      rewrite(op);
  }

  /// memref.atomic_rmw mulf and muli, which LLVM has no atomicrmw for
  /// (MLIR 22 left them unlowered), as the compare-and-swap loop of a
  /// generic_atomic_rmw that multiplies. Both return the old value.
  void expressProductsAsGeneric() {
    SmallVector<memref::AtomicRMWOp> products;
    getOperation()->walk([&](memref::AtomicRMWOp op) {
      if (op.getKind() == arith::AtomicRMWKind::mulf ||
          op.getKind() == arith::AtomicRMWKind::muli)
        products.push_back(op);
    });
    for (memref::AtomicRMWOp op : products) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      auto generic = memref::GenericAtomicRMWOp::create(b, loc, op.getMemref(),
                                                        op.getIndices());
      Block &body = generic.getAtomicBody().front();
      OpBuilder inBody = OpBuilder::atBlockEnd(&body);
      Value current = body.getArgument(0);
      Value product =
          op.getKind() == arith::AtomicRMWKind::mulf
              ? arith::MulFOp::create(inBody, loc, current, op.getValue())
                    .getResult()
              : arith::MulIOp::create(inBody, loc, current, op.getValue())
                    .getResult();
      memref::AtomicYieldOp::create(inBody, loc, product);
      op.replaceAllUsesWith(generic.getResult());
      op.erase();
    }
  }

  static void rewrite(memref::GenericAtomicRMWOp op) {
    MemRefType type = op.getMemref().getType();
    auto floatType = cast<FloatType>(type.getElementType());
    Type bits = IntegerType::get(op.getContext(), floatType.getWidth());
    Location loc = op.getLoc();
    OpBuilder b(op);
    auto intType = MemRefType::get(type.getShape(), bits, type.getLayout(),
                                   type.getMemorySpace());
    Value memref =
        UnrealizedConversionCastOp::create(b, loc, intType, op.getMemref())
            .getResult(0);
    auto swap =
        memref::GenericAtomicRMWOp::create(b, loc, memref, op.getIndices());
    Block &body = swap.getAtomicBody().front();
    OpBuilder inBody = OpBuilder::atBlockEnd(&body);
    IRMapping mapping;
    mapping.map(op.getCurrentValue(), arith::BitcastOp::create(
                                          inBody, loc, floatType,
                                          body.getArgument(0)));
    Block &original = op.getAtomicBody().front();
    for (Operation &inner : original.without_terminator())
      inBody.clone(inner, mapping);
    auto yield = cast<memref::AtomicYieldOp>(original.getTerminator());
    memref::AtomicYieldOp::create(
        inBody, loc,
        arith::BitcastOp::create(inBody, loc, bits,
                                 mapping.lookupOrDefault(yield.getResult())));
    b.setInsertionPointAfter(swap);
    op.replaceAllUsesWith(
        arith::BitcastOp::create(b, loc, floatType, swap.getResult())
            .getResult());
    op.erase();
  }
};

} // namespace
