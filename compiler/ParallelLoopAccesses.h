//===- ParallelLoopAccesses.h - Loops' accesses as parallel -*- C++ -*-===//
//
// The host target's thread loops state llvm.loop.parallel_accesses with an
// access group of their own (targets/host/HostBlockFunction.h). MLIR's
// translation cannot tag the loops' loads and stores with it: the memref
// lowering made them without one. This tags them in the translated module.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_COMPILER_PARALLELLOOPACCESSES_H
#define MLIRC_COMPILER_PARALLELLOOPACCESSES_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// Adds, to every simple load and store of a loop whose parallel_accesses
/// name a group that no instruction carries yet, that group. Atomics,
/// volatile accesses and calls stay untagged, and a loop holding one is
/// then not parallel to LLVM.
void tagParallelLoopAccesses(llvm::Module &module);

} // namespace mlirc

#endif // MLIRC_COMPILER_PARALLELLOOPACCESSES_H
