//===- ReductionIdentity.h - The neutral element of a reduction -*- C++ -*-===//
//
// A masked reduction reduces only the lanes its mask keeps; the others, and
// a reduction that keeps none, take the kind's neutral element.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_REDUCTIONIDENTITY_H
#define MLIRC_PIPELINE_REDUCTIONIDENTITY_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlirc {

/// The element of type \p element that a reduction of kind \p kind leaves
/// unchanged (0 for add, 1 for mul, -inf for maximumf, NaN for maxnumf,
/// ...), or null where there is none.
mlir::TypedAttr getReductionIdentity(mlir::vector::CombiningKind kind,
                                     mlir::Type element,
                                     mlir::OpBuilder &builder,
                                     mlir::Location loc);

} // namespace mlirc

#endif // MLIRC_PIPELINE_REDUCTIONIDENTITY_H
