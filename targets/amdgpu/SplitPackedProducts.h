//===- SplitPackedProducts.h - Packed products split to fuse ----*- C++ -*-===//
//
// LLVM's SLP vectorizer pairs two independent multiplies into one packed
// multiply (v_pk_mul_f32 on gfx90a and gfx94x) even where each product is
// then added to something as a scalar: the packed multiply cannot fuse
// with those adds, so each pair costs an FMA. hipcc's code keeps them
// fused where its IR happens not to give SLP the pair. Before code
// generation, mlirc splits such a packed multiply back into its lanes.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_AMDGPU_SPLITPACKEDPRODUCTS_H
#define MLIRC_TARGETS_AMDGPU_SPLITPACKEDPRODUCTS_H

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlirc {

/// Splits each vector `fmul` of \p module whose lanes are added as scalars
/// into one scalar `fmul` per lane, unless its one use is a vector add it
/// fuses with (a packed FMA). \p fuseAll: every multiply and add may fuse,
/// not only those with the contract flag (-ffp-contract=fast).
void splitPackedProductsForFusion(llvm::Module &module,
                                  llvm::TargetMachine &machine, bool fuseAll);

} // namespace mlirc

#endif // MLIRC_TARGETS_AMDGPU_SPLITPACKEDPRODUCTS_H
