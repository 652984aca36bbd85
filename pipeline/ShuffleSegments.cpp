//===- ShuffleSegments.cpp - Where a gpu.shuffle reads from ---------------===//

#include "pipeline/ShuffleSegments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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
    return {source,
            arith::AndIOp::create(b, loc, cmp(P::uge, source, segmentStart),
                                  cmp(P::ult, source, segmentEnd)),
            segmentStart, segmentEnd};
  }
  case gpu::ShuffleMode::UP:
    // Unsigned: a source below the segment wraps to a huge lane.
    return {
        arith::SubIOp::create(b, loc, lane, offset),
        cmp(P::uge, lane, arith::AddIOp::create(b, loc, segmentStart, offset)),
        segmentStart, segmentEnd};
  case gpu::ShuffleMode::DOWN: {
    Value source = arith::AddIOp::create(b, loc, lane, offset);
    return {source, cmp(P::ult, source, segmentEnd), segmentStart, segmentEnd};
  }
  case gpu::ShuffleMode::IDX:
    return {arith::AddIOp::create(b, loc, segmentStart, offset),
            cmp(P::ult, offset, width), segmentStart, segmentEnd};
  }
  llvm_unreachable("unknown shuffle mode");
}
