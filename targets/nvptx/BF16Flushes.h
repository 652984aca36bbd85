//===- BF16Flushes.h - bf16 compares and negations under FTZ ----*- C++ -*-===//
//
// In a function that flushes f32 denormals (-ffast-math,
// -fgpu-flush-denormals-to-zero), LLVM 22's NVPTX back end gives sm_90's
// bf16 compares and negations the .ftz modifier, which PTX does not have
// for bf16: ptxas fails ("Illegal modifier '.ftz' for instruction 'setp'";
// LLVM fixed it after 22).
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_NVPTX_BF16FLUSHES_H
#define MLIRC_TARGETS_NVPTX_BF16FLUSHES_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// In the functions of optimized \p module that flush f32 denormals,
/// compares bf16 values (and vectors of them) as the f32 values they
/// extend to, which flush the same way, and negates them by flipping their
/// sign bits.
void avoidBF16FlushModifiers(llvm::Module &module);

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_BF16FLUSHES_H
