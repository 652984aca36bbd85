//===- SPIRVAtomics.cpp - Atomics MLIR's SPIR-V lowering lacks ------------===//

#include "targets/vulkan/SPIRVAtomics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {

using Kind = arith::AtomicRMWKind;

/// The kinds MLIR's memref-to-spirv lowers (integers), and addf on f32.
bool hasSPIRVInstruction(memref::AtomicRMWOp op) {
  switch (op.getKind()) {
  case Kind::addi:
  case Kind::andi:
  case Kind::ori:
  case Kind::maxs:
  case Kind::maxu:
  case Kind::mins:
  case Kind::minu:
    return true;
  case Kind::addf:
    return op.getMemRefType().getElementType().isF32();
  default:
    return false;
  }
}

/// The storage class's scope: workgroup memory is shared by one workgroup.
spirv::ScopeAttr getScope(spirv::PointerType pointer) {
  return spirv::ScopeAttr::get(pointer.getContext(),
                               pointer.getStorageClass() ==
                                       spirv::StorageClass::Workgroup
                                   ? spirv::Scope::Workgroup
                                   : spirv::Scope::Device);
}

/// Relaxed, as CUDA's atomics.
spirv::MemorySemanticsAttr getRelaxed(MLIRContext *context) {
  return spirv::MemorySemanticsAttr::get(context, spirv::MemorySemantics::None);
}

/// The pointer to the element \p indices name, or null.
Value getPointer(const SPIRVTypeConverter &converter, MemRefType type,
                 Value memref, ValueRange indices, Location loc,
                 OpBuilder &builder) {
  Value pointer =
      spirv::getElementPtr(converter, type, memref, indices, loc, builder);
  return pointer && isa<spirv::PointerType>(pointer.getType()) ? pointer
                                                               : Value();
}

/// memref.atomic_rmw addf on f32: OpAtomicFAddEXT (the runtime checks that
/// the device has it).
struct AtomicFAddToSPIRV : public OpConversionPattern<memref::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getMemRefType();
    if (op.getKind() != Kind::addf || !type.getElementType().isF32())
      return failure();
    Value pointer = getPointer(*getTypeConverter<SPIRVTypeConverter>(), type,
                               adaptor.getMemref(), adaptor.getIndices(),
                               op.getLoc(), rewriter);
    if (!pointer)
      return failure();
    rewriter.replaceOpWithNewOp<spirv::EXTAtomicFAddOp>(
        op, rewriter.getF32Type(), pointer,
        getScope(cast<spirv::PointerType>(pointer.getType())),
        getRelaxed(getContext()), adaptor.getValue());
    return success();
  }
};

/// memref.generic_atomic_rmw on a 32- or 64-bit element: read the word,
/// compute, and exchange it if it still holds what was read; otherwise
/// compute again from what it holds.
struct GenericAtomicAsCompareExchange
    : public OpConversionPattern<memref::GenericAtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::GenericAtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getMemref().getType();
    Type element = type.getElementType();
    if (!element.isIntOrFloat())
      return failure();
    unsigned width = element.getIntOrFloatBitWidth();
    if (width != 32 && width != 64)
      return failure();
    Location loc = op.getLoc();
    Value pointer =
        getPointer(*getTypeConverter<SPIRVTypeConverter>(), type,
                   adaptor.getMemref(), adaptor.getIndices(), loc, rewriter);
    if (!pointer)
      return failure();
    auto pointerType = cast<spirv::PointerType>(pointer.getType());
    Type bits = rewriter.getIntegerType(width);
    auto asElement = [&](OpBuilder &b, Value word) -> Value {
      return element == bits
                 ? word
                 : arith::BitcastOp::create(b, loc, element, word).getResult();
    };
    auto asBits = [&](OpBuilder &b, Value value) -> Value {
      return element == bits
                 ? value
                 : arith::BitcastOp::create(b, loc, bits, value).getResult();
    };
    // Loaded as the element (spirv-val takes no load through a cast
    // pointer), exchanged as its bits.
    Value initial =
        asBits(rewriter, spirv::LoadOp::create(rewriter, loc, pointer));
    Value wordPointer = pointer;
    if (element != bits)
      wordPointer = spirv::BitcastOp::create(
          rewriter, loc,
          spirv::PointerType::get(bits, pointerType.getStorageClass()),
          pointer);
    // What the word held before the exchange (generic_atomic_rmw's result)
    // leaves the loop through a function variable, as MLIR's scf.while
    // lowering does.
    auto variable = spirv::VariableOp::create(
        rewriter, loc,
        spirv::PointerType::get(bits, spirv::StorageClass::Function),
        spirv::StorageClass::Function, /*initializer=*/nullptr);
    auto loop = spirv::LoopOp::create(rewriter, loc, spirv::LoopControl::None);
    loop.addEntryAndMergeBlock(rewriter);
    OpBuilder::InsertionGuard guard(rewriter);
    Region &region = loop.getBody();
    Block *header =
        rewriter.createBlock(&region, std::next(region.begin()), {bits}, {loc});
    Block *next = rewriter.createBlock(
        &region, std::next(header->getIterator()), {bits}, {loc});
    rewriter.setInsertionPointToEnd(loop.getEntryBlock());
    spirv::BranchOp::create(rewriter, loc, header, ValueRange{initial});

    rewriter.setInsertionPointToEnd(header);
    Value expected = header->getArgument(0);
    Block &body = op.getAtomicBody().front();
    IRMapping mapping;
    mapping.map(op.getCurrentValue(), asElement(rewriter, expected));
    for (Operation &inner : body.without_terminator())
      rewriter.clone(inner, mapping);
    Value desired = asBits(
        rewriter,
        mapping.lookupOrDefault(
            cast<memref::AtomicYieldOp>(body.getTerminator()).getResult()));
    Value seen = spirv::AtomicCompareExchangeOp::create(
        rewriter, loc, bits, wordPointer, getScope(pointerType),
        getRelaxed(getContext()), getRelaxed(getContext()), desired, expected);
    spirv::StoreOp::create(rewriter, loc, variable, seen);
    Value changed = spirv::INotEqualOp::create(rewriter, loc, seen, expected);
    spirv::BranchConditionalOp::create(rewriter, loc, changed, next,
                                       ValueRange{seen}, loop.getMergeBlock(),
                                       ValueRange{});
    rewriter.setInsertionPointToEnd(next);
    spirv::BranchOp::create(rewriter, loc, header, next->getArgument(0));

    rewriter.setInsertionPointAfter(loop);
    Value old = spirv::LoadOp::create(rewriter, loc, variable);
    rewriter.replaceOp(op, asElement(rewriter, old));
    return success();
  }
};

} // namespace

LogicalResult mlirc::expressAtomicsAsGeneric(Operation *kernels) {
  SmallVector<memref::AtomicRMWOp> atomics;
  kernels->walk([&](memref::AtomicRMWOp op) {
    if (!hasSPIRVInstruction(op))
      atomics.push_back(op);
  });
  for (memref::AtomicRMWOp op : atomics) {
    Type element = op.getMemRefType().getElementType();
    unsigned width = element.getIntOrFloatBitWidth();
    if (width != 32 && width != 64)
      return op.emitError("'memref.atomic_rmw' ")
             << arith::stringifyAtomicRMWKind(op.getKind()) << " on " << element
             << " cannot be compiled for the Vulkan target: Vulkan's "
                "atomics take 32- and 64-bit values (MLIR emulates addi, "
                "andi, ori, min and max of narrower integers); use a 32-bit "
                "element";
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto generic = memref::GenericAtomicRMWOp::create(b, loc, op.getMemref(),
                                                      op.getIndices());
    Block &body = generic.getAtomicBody().front();
    b.setInsertionPointToEnd(&body);
    Value updated =
        op.getKind() == Kind::assign
            ? op.getValue()
            : arith::getReductionOp(op.getKind(), b, loc, body.getArgument(0),
                                    op.getValue());
    memref::AtomicYieldOp::create(b, loc, updated);
    op.replaceAllUsesWith(generic.getResult());
    op.erase();
  }
  WalkResult narrow = kernels->walk([](memref::GenericAtomicRMWOp op) {
    Type element = op.getMemref().getType().getElementType();
    if (element.isIntOrFloat() && (element.getIntOrFloatBitWidth() == 32 ||
                                   element.getIntOrFloatBitWidth() == 64))
      return WalkResult::advance();
    op.emitError("'memref.generic_atomic_rmw' on ")
        << element
        << " cannot be compiled for the Vulkan target: Vulkan's atomics take "
           "32- and 64-bit values; use a 32-bit element";
    return WalkResult::interrupt();
  });
  return failure(narrow.wasInterrupted());
}

void mlirc::populateSPIRVAtomicsPatterns(SPIRVTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<AtomicFAddToSPIRV, GenericAtomicAsCompareExchange>(
      converter, patterns.getContext());
}
