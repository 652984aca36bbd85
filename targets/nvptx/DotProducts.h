//===- DotProducts.h - Byte dot products as dp4a ----------------*- C++ -*-===//
//
// nvcc turns a sum of four products of bytes into one dp4a instruction.
// LLVM's SLP vectorizer makes such sums a vector reduction that NVPTX
// selects byte by byte, sign-extending each with a shift and a permute.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_NVPTX_DOTPRODUCTS_H
#define MLIRC_TARGETS_NVPTX_DOTPRODUCTS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// Rewrites each `vector.reduce.add` of a product of two extended vectors
/// of 4k bytes (sign- or zero-extended to i32) in optimized \p module as k
/// chained dp4a intrinsics, adding into the sum the reduction's one user
/// adds it to. sm_61 and later have dp4a.
void formDotProducts(llvm::Module &module);

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_DOTPRODUCTS_H
