//===- OpenMPAtomicMemRefs.cpp - omp.atomic on a memref's one element -----===//
//
// omp.atomic.read, write and update take the variable's address, which
// MLIR's OpenMP translation needs as an !llvm.ptr: a memref there became
// its descriptor. A memref of one element (memref<f32>, memref<1xi64>) is
// such a variable; the ops take its element's address instead.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace mlirc {
#define GEN_PASS_DEF_OPENMPATOMICMEMREFS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

/// The bytes of an element of \p type, or 0 for a type this does not take.
static unsigned getElementBytes(MemRefType type) {
  Type element = type.getElementType();
  if (isa<IndexType>(element))
    return 8;
  if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() % 8 == 0)
    return element.getIntOrFloatBitWidth() / 8;
  return 0;
}

bool mlirc::isOpenMPAtomicVariable(Operation *op, Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return isa<omp::AtomicReadOp, omp::AtomicWriteOp, omp::AtomicUpdateOp>(op) &&
         memref && memref.hasStaticShape() && memref.getNumElements() == 1 &&
         memref.isStrided() && getElementBytes(memref);
}

namespace {

struct OpenMPAtomicMemRefsPass
    : public mlirc::impl::OpenMPAtomicMemRefsBase<OpenMPAtomicMemRefsPass> {
  void runOnOperation() override {
    // The two ops of a capture take the same address, as its verifier
    // checks: one per memref and capture.
    DenseMap<std::pair<Operation *, Value>, Value> addresses;
    getOperation()->walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands()) {
        Value memref = operand.get();
        if (!mlirc::isOpenMPAtomicVariable(op, memref.getType()))
          continue;
        // Outside a capture, which holds its two atomic ops only.
        Operation *at = op;
        if (auto capture = dyn_cast<omp::AtomicCaptureOp>(op->getParentOp()))
          at = capture;
        Value &address = addresses[{at, memref}];
        if (address) {
          operand.set(address);
          continue;
        }
        OpBuilder b(at);
        Location loc = op->getLoc();
        Type i64 = b.getI64Type();
        auto ptr = LLVM::LLVMPointerType::get(b.getContext());
        Value aligned =
            memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
        Value integer = arith::IndexCastOp::create(b, loc, i64, aligned);
        Value base = LLVM::IntToPtrOp::create(b, loc, ptr, integer);
        Value offset = memref::ExtractStridedMetadataOp::create(b, loc, memref)
                           .getOffset();
        unsigned bytes = getElementBytes(cast<MemRefType>(memref.getType()));
        Value elements = arith::IndexCastOp::create(b, loc, i64, offset);
        Value byteOffset = arith::MulIOp::create(
            b, loc, elements, arith::ConstantIntOp::create(b, loc, i64, bytes));
        address = LLVM::GEPOp::create(b, loc, ptr, b.getI8Type(), base,
                                      ValueRange{byteOffset});
        operand.set(address);
      }
    });
  }
};

} // namespace
