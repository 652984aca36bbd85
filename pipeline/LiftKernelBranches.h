//===- LiftKernelBranches.h - Kernel branches as scf ops --------*- C++ -*-===//
//
// SPIR-V for Vulkan needs structured control flow, and so do the host
// target's block functions, which place barriers, shuffles and reductions
// by the scf ops around them. MLIR's CFG-to-SCF transformation lifts
// branches (cf) into scf.if, scf.while and scf.index_switch (then chains
// of scf.if where needed); a kernel's unreachable end becomes gpu.return.
// The other way, some lowerings split the block an op is in (a kernel's
// asserts, MLIR's gpu.all_reduce lowering), which an scf op's one-block
// region cannot hold: the scf ops around such ops become branches first.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_LIFTKERNELBRANCHES_H
#define MLIRC_PIPELINE_LIFTKERNELBRANCHES_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlirc {

/// Lifts the branches of \p function's body into scf ops. Failure, with
/// nothing reported, where they do not lift.
mlir::LogicalResult liftKernelBranches(mlir::FunctionOpInterface function);

/// scf.index_switch (what a lifted cf.switch becomes) as a chain of
/// scf.if, which SPIR-V has and the host target places barriers by.
void populateSwitchAsIfsPatterns(mlir::RewritePatternSet &patterns);

/// Lowers the scf ops around each of \p ops in \p function to branches
/// (as convert-scf-to-cf), so that each op is directly in the function's
/// body.
mlir::LogicalResult lowerScfAround(mlir::Operation *function,
                                   llvm::ArrayRef<mlir::Operation *> ops);

} // namespace mlirc

#endif // MLIRC_PIPELINE_LIFTKERNELBRANCHES_H
