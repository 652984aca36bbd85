//===- BooleanSelects.h - Selects of booleans as lane-mask logic -*- C++
//-*-===//
//
// A `select i1 %c, i1 %a, i1 %b` (MLIR's arith.select of two comparisons,
// or an scf.if yielding one) is lowered by AMDGPU as values: each boolean
// becomes a 0 or 1 in a VGPR, chosen by v_cndmask, and compared back into a
// lane mask. As `(c & a) | (~c & b)` it is three scalar operations on the
// lane masks the comparisons already made, with no VGPR at all: a bitonic
// sort step went from 10 VGPRs to 8, HIP's count.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_AMDGPU_BOOLEANSELECTS_H
#define MLIRC_TARGETS_AMDGPU_BOOLEANSELECTS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// Rewrites each scalar `select` of two non-constant `i1` values in
/// \p module as and/or/xor of the condition and the (frozen) values.
void rewriteBooleanSelectsAsLogic(llvm::Module &module);

} // namespace mlirc

#endif // MLIRC_TARGETS_AMDGPU_BOOLEANSELECTS_H
