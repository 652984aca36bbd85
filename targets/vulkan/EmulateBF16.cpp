//===- EmulateBF16.cpp - bf16 kernels as f32 arithmetic -------------------===//

#include "targets/vulkan/EmulateBF16.h"
#include "pipeline/BoundedRewrites.h"
#include "pipeline/FloatsAsIntegers.h"
#include "pipeline/NarrowFloatsInF32.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

/// Whether \p type is bf16, or has bf16 elements.
static bool hasBF16(Type type) {
  return mlirc::hasKeptFloat(type, [](FloatType t) { return t.isBF16(); });
}

/// Arithmetic on bf16 as f32, and the conversions between them as integer
/// shifts and rounding.
static LogicalResult computeInF32(Operation *kernels) {
  MLIRContext *context = kernels->getContext();
  // Devices need not have f64.
  if (failed(mlirc::computeNarrowFloatsInF32(
          kernels, {BFloat16Type::get(context)}, /*fmaInF64=*/false)))
    return failure();
  RewritePatternSet expansions(context);
  arith::populateExpandBFloat16Patterns(expansions);
  return mlirc::applyPatternsWithBound(kernels, std::move(expansions),
                                       "mlirc-convert-kernels-to-spirv");
}

LogicalResult mlirc::emulateBF16(Operation *kernels) {
  auto usesBF16 = [](Operation *op) {
    if (auto function = dyn_cast<FunctionOpInterface>(op))
      if (hasBF16(function.getFunctionType()))
        return true;
    return llvm::any_of(op->getOperandTypes(), hasBF16) ||
           llvm::any_of(op->getResultTypes(), hasBF16);
  };
  if (!kernels
           ->walk([&](Operation *op) {
             return usesBF16(op) ? WalkResult::interrupt()
                                 : WalkResult::advance();
           })
           .wasInterrupted())
    return success();
  if (failed(computeInF32(kernels)))
    return failure();
  // What is left of bf16 moves bits: an i16 from here on, which SPIR-V
  // stores in two bytes as the host does (MLIR 22 would make f32 of it).
  WalkResult computing = kernels->walk([&](Operation *op) {
    if (!usesBF16(op) || mlirc::movesFloatBits(op))
      return WalkResult::advance();
    op->emitError("'")
        << op->getName()
        << "' on bf16 cannot be compiled for the Vulkan target: SPIR-V for "
           "Vulkan has no bf16, and mlirc computes it as f32 through arith "
           "and math ops only; extend it to f32 (arith.extf) first";
    return WalkResult::interrupt();
  });
  if (computing.wasInterrupted())
    return failure();
  mlirc::keepFloatsAsIntegers(kernels,
                              [](FloatType type) { return type.isBF16(); });
  return success();
}
