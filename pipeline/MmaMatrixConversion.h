//===- MmaMatrixConversion.h - Rewriting !gpu.mma_matrix values -*- C++ -*-===//
//
// What the targets that rewrite gpu.subgroup_mma_* themselves share (the
// host target's emulation, AMD's WMMA): each !gpu.mma_matrix becomes a
// vector of the target's choosing, through loops, branches and functions.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_MMAMATRIXCONVERSION_H
#define MLIRC_PIPELINE_MMAMATRIXCONVERSION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include <cstdint>
#include <utility>

namespace mlir {
class RewritePatternSet;
class TypeConverter;
class VectorType;
namespace gpu {
class MMAMatrixType;
enum class MMAElementwiseOp : uint32_t;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// True when \p op has !gpu.mma_matrix operands or results.
bool hasMmaMatrices(mlir::Operation *op);

/// The element type of vectors holding \p type's elements: si8 and ui8 as
/// the signless i8 that memrefs hold and arith (and amdgpu.wmma) take.
mlir::Type getMatrixElementType(mlir::gpu::MMAMatrixType type);

/// The memref of a matrix load or store as a 1-D memref over its buffer,
/// and the linear index of \p indices in it: rows are leadDimension
/// elements apart from there.
std::pair<mlir::Value, mlir::Value>
linearizeMatrixMemref(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value memref, mlir::ValueRange indices);

/// True for the elementwise kinds that take one operand.
bool isUnaryMmaElementwise(mlir::gpu::MMAElementwiseOp kind);

/// The elementwise op \p kind on \p args (vectors), with result \p type.
mlir::Value buildMmaElementwise(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::gpu::MMAElementwiseOp kind,
                                mlir::ValueRange args, mlir::VectorType type);

/// Rewrites every !gpu.mma_matrix value under \p root with \p patterns,
/// which take \p converter (matrix types to vectors, every other type to
/// itself); values carried by scf ops, branches and function signatures
/// are converted with them.
mlir::LogicalResult convertMmaMatrices(mlir::Operation *root,
                                       const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &&patterns);

} // namespace mlirc

#endif // MLIRC_PIPELINE_MMAMATRIXCONVERSION_H
