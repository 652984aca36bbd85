//===- ShuffleSegments.cpp - Where a gpu.shuffle reads from ---------------===//

#include "pipeline/ShuffleSegments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

mlirc::ShuffleSource mlirc::getShuffleSource(OpBuilder &b, Location loc,
                                             gpu::ShuffleMode mode, Value lane,
                                             Value offset, Value width) {
  using P = arith::CmpIPredicate;
  auto cmp = [&](P predicate, Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, predicate, x, y);
  };
  Value inSegment = arith::RemUIOp::create(b, loc, lane, width);
  Value segmentStart = arith::SubIOp::create(b, loc, lane, inSegment);
  Value segmentEnd = arith::AddIOp::create(b, loc, segmentStart, width);
  switch (mode) {
  case gpu::ShuffleMode::XOR: {
    Value source = arith::XOrIOp::create(b, loc, lane, offset);
    // Flipping bits below a power-of-two width stays in the segment (the
    // usual butterfly); said here, as no folder sees it.
    APInt constantOffset, constantWidth;
    if (matchPattern(offset, m_ConstantInt(&constantOffset)) &&
        matchPattern(width, m_ConstantInt(&constantWidth)) &&
        constantWidth.isPowerOf2() && constantOffset.ult(constantWidth))
      return {source, arith::ConstantIntOp::create(b, loc, 1, 1), segmentStart,
              segmentEnd};
    return {source,
            arith::AndIOp::create(b, loc, cmp(P::uge, source, segmentStart),
                                  cmp(P::ult, source, segmentEnd)),
            segmentStart, segmentEnd};
  }
  // Up and down compare the offset with the lanes left in the segment, so
  // no sum can wrap, whatever the offset.
  case gpu::ShuffleMode::UP:
    return {arith::SubIOp::create(b, loc, lane, offset),
            cmp(P::uge, inSegment, offset), segmentStart, segmentEnd};
  case gpu::ShuffleMode::DOWN:
    return {arith::AddIOp::create(b, loc, lane, offset),
            cmp(P::ult, offset,
                arith::SubIOp::create(b, loc, width, inSegment)),
            segmentStart, segmentEnd};
  case gpu::ShuffleMode::IDX:
    return {arith::AddIOp::create(b, loc, segmentStart, offset),
            cmp(P::ult, offset, width), segmentStart, segmentEnd};
  }
  llvm_unreachable("unknown shuffle mode");
}
