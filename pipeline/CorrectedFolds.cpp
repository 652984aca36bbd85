//===- CorrectedFolds.cpp - Folds MLIR 22 gets wrong ----------------------===//

#include "pipeline/CorrectedFolds.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;

/// C's atan2 of \p y and \p x, computed in double and rounded to their type.
static APFloat atan2Of(const APFloat &y, const APFloat &x) {
  bool losesInfo = false;
  APFloat yd = y, xd = x;
  yd.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  xd.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  APFloat result(std::atan2(yd.convertToDouble(), xd.convertToDouble()));
  result.convert(y.getSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
  return result;
}

static LogicalResult foldAtan2(math::Atan2Op op,
                               SmallVectorImpl<OpFoldResult> &results) {
  Attribute y, x;
  if (!matchPattern(op.getLhs(), m_Constant(&y)) ||
      !matchPattern(op.getRhs(), m_Constant(&x)))
    return failure();
  if (auto yf = dyn_cast<FloatAttr>(y)) {
    auto xf = dyn_cast<FloatAttr>(x);
    if (!xf)
      return failure();
    results.push_back(
        FloatAttr::get(yf.getType(), atan2Of(yf.getValue(), xf.getValue())));
    return success();
  }
  auto ye = dyn_cast<DenseFPElementsAttr>(y);
  auto xe = dyn_cast<DenseFPElementsAttr>(x);
  if (!ye || !xe || ye.getType() != xe.getType())
    return failure();
  SmallVector<APFloat> values;
  for (auto [a, b] :
       llvm::zip_equal(ye.getValues<APFloat>(), xe.getValues<APFloat>()))
    values.push_back(atan2Of(a, b));
  results.push_back(DenseElementsAttr::get(ye.getType(), values));
  return success();
}

std::optional<LogicalResult>
mlirc::foldCorrected(Operation *op, SmallVectorImpl<OpFoldResult> &results) {
  if (auto atan2 = dyn_cast<math::Atan2Op>(op))
    return foldAtan2(atan2, results);
  return std::nullopt;
}
