//===- LiftKernelBranches.h - Kernel branches as scf ops --------*- C++ -*-===//
//
// SPIR-V for Vulkan needs structured control flow, and so do the host
// target's block functions, which place barriers, shuffles and reductions
// by the scf ops around them. MLIR's CFG-to-SCF transformation lifts
// branches (cf) into scf.if, scf.while and scf.index_switch; a kernel's
// unreachable end becomes gpu.return.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_LIFTKERNELBRANCHES_H
#define MLIRC_PIPELINE_LIFTKERNELBRANCHES_H

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlirc {

/// Lifts the branches of \p function's body into scf ops. Failure, with
/// nothing reported, where they do not lift.
mlir::LogicalResult liftKernelBranches(mlir::FunctionOpInterface function);

} // namespace mlirc

#endif // MLIRC_PIPELINE_LIFTKERNELBRANCHES_H
