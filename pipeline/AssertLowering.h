//===- AssertLowering.h - What every lowering of cf.assert shares -*- C++
//-*-===//
//
// mlirc lowers cf.assert itself in host code (LowerHostAsserts), in AMD
// kernels (targets/amdgpu/LowerAsserts.cpp), in the host target's
// kernels (targets/host/LowerKernelAsserts.cpp) and in Vulkan kernels
// (targets/vulkan/DevicePrintf.cpp): each branches to a block
// of its own where the assert fails, and reports where.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_ASSERTLOWERING_H
#define MLIRC_PIPELINE_ASSERTLOWERING_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class Block;
class OpBuilder;
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

/// Turns the structured ops (scf.for, scf.if, scf.while, ...) of function
/// \p func that hold a cf.assert into branches, so that each assert is in
/// a block of the function's body, where branchOnAssert can end the
/// thread; fails with an error at an assert that another op's region
/// still holds, naming \p target.
mlir::LogicalResult moveAssertsToFunctionBody(mlir::Operation *func,
                                              llvm::StringRef target);

/// printf's format that prints \p text as it is.
std::string escapePrintfFormat(llvm::StringRef text);

/// Builds, at \p b, the gpu.printf of CUDA's device-side message for the
/// failing \p op in kernel \p kernelName ("file:line: function: block:
/// [x,y,z], thread: [x,y,z] Assertion `msg` failed."; the function is the
/// innermost callee's, a NameLoc's name, else \p kernelName).
void printKernelAssertFailure(mlir::OpBuilder &b, mlir::cf::AssertOp op,
                              llvm::StringRef kernelName);

} // namespace mlirc

#endif // MLIRC_PIPELINE_ASSERTLOWERING_H
