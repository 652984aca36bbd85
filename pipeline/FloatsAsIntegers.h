//===- FloatsAsIntegers.h - Float values kept in integers -------*- C++ -*-===//
//
// SPIR-V for Vulkan has neither bf16 nor the 8-bit and smaller floats. Once
// their arithmetic is f32 and their conversions integer arithmetic, what is
// left of them only moves bits (memory, constants, selects, vector and
// subgroup moves), which integers of their width do as well, and which
// SPIR-V then stores in the host's bytes.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_FLOATSASINTEGERS_H
#define MLIRC_PIPELINE_FLOATSASINTEGERS_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class FloatType;
class Operation;
class Type;
} // namespace mlir

namespace mlirc {

/// Whether \p type is, or holds (a vector's, a memref's, a function's), a
/// float \p isKept accepts.
bool hasKeptFloat(mlir::Type type,
                  llvm::function_ref<bool(mlir::FloatType)> isKept);

/// Whether \p op, which uses such values, only moves their bits.
bool movesFloatBits(mlir::Operation *op);

/// Gives every value, block argument, function type and attribute in
/// \p root that holds a float \p isKept accepts integers of its width
/// instead, and drops the bitcasts between the two that this makes
/// identities. The caller has checked that only ops that move bits use
/// them.
void keepFloatsAsIntegers(mlir::Operation *root,
                          llvm::function_ref<bool(mlir::FloatType)> isKept);

/// For the 8-bit and smaller floats ExpandSmallFloats computes: keeps them
/// as integers when only ops that move bits use them; else leaves \p root
/// as it is, for the caller's check to name the op.
void keepSmallFloatsAsIntegers(mlir::Operation *root);

} // namespace mlirc

#endif // MLIRC_PIPELINE_FLOATSASINTEGERS_H
