//===- TrailingZeros.h - cttz without a branch ------------------*- C++ -*-===//
//
// LLVM's code generation preparation guards a count of trailing zeros that
// must give the width for zero (`llvm.cttz(x, false)`, what math.cttz
// lowers to) with a branch on x == 0 where the target's count is not cheap
// to speculate, as NVPTX's (a bit reverse and a find) is not; nvcc selects
// instead. popcount(~x & (x - 1)) is the count for every x, zero included,
// and costs as much as nvcc's.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_NVPTX_TRAILINGZEROS_H
#define MLIRC_TARGETS_NVPTX_TRAILINGZEROS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// Rewrites each `llvm.cttz(x, false)` of optimized \p module as
/// `llvm.ctpop(~x & (x - 1))`.
void countTrailingZerosWithoutBranch(llvm::Module &module);

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_TRAILINGZEROS_H
