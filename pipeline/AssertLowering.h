//===- AssertLowering.h - What every lowering of cf.assert shares -*- C++
//-*-===//
//
// mlirc lowers cf.assert itself in host code (LowerHostAsserts), in AMD
// kernels (targets/amdgpu/LowerAsserts.cpp) and in the host target's
// kernels (targets/host/LowerKernelAsserts.cpp): each branches to a block
// of its own where the assert fails, and reports where.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_ASSERTLOWERING_H
#define MLIRC_PIPELINE_ASSERTLOWERING_H

#include "mlir/IR/Location.h"

#include <string>

namespace mlir {
class Block;
namespace cf {
class AssertOp;
} // namespace cf
} // namespace mlir

namespace mlirc {

/// Splits the block of \p op before it and branches on its condition: on
/// to the rest of the block (which starts with \p op, for the caller to
/// read and erase) when it holds, else to a new empty block, which this
/// returns, placed just before the rest.
mlir::Block *branchOnAssert(mlir::cf::AssertOp op);

/// "file:line:col: " for \p loc (the callee of call sites, the first file
/// of fused locations), or nothing when it names no file.
std::string describeLocation(mlir::Location loc);

/// printf's format that prints \p text as it is.
std::string escapePrintfFormat(llvm::StringRef text);

} // namespace mlirc

#endif // MLIRC_PIPELINE_ASSERTLOWERING_H
