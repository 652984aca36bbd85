//===- VectorToSubgroupMma.cpp - Uniform contractions on tensor cores -----===//
//
// A vector.contract in a kernel means, as written, that every thread
// multiplies the whole matrices. Programs written for MLIR's
// convert-vector-to-gpu mean instead that the subgroup multiplies them
// together (its tensor cores), and they differ where the threads race on
// the result. The two agree when nothing in the kernel differs between
// threads, so that is when the conversion is applied: on a copy of the
// kernel, kept only when every contraction became the subgroup MMA ops
// that every requested target compiles.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/VectorToGPU/VectorToGPU.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_VECTORTOSUBGROUPMMA
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// Subgroup MMA needs whole subgroups; 32 is every target's subgroup size
/// for it (NVIDIA warps, RDNA's WMMA in wave32, the host and Vulkan
/// emulations).
constexpr int64_t mmaSubgroupSize = 32;

/// True when nothing in \p kernel can differ between its threads: the
/// values that do (thread and lane ids, shuffles, atomics' old values) are
/// unused,
/// and there are no calls or vendor ops, which might read them.
bool isThreadUniform(gpu::GPUFuncOp kernel) {
  WalkResult result = kernel.walk([](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    // A shuffle's validity (lanes past its width) differs between lanes.
    bool varying =
        isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::GlobalIdOp, gpu::ShuffleOp,
            gpu::RotateOp, memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(
            op) &&
        !op->use_empty();
    varying |= isa<CallOpInterface>(op) || dialect == "nvvm" ||
               dialect == "rocdl" || dialect == "nvgpu" ||
               dialect == "amdgpu" || dialect == "llvm";
    return varying ? WalkResult::interrupt() : WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// True when \p kernel's block is known to be whole subgroups.
bool hasWholeSubgroups(gpu::GPUFuncOp kernel) {
  std::optional<ArrayRef<int32_t>> sizes = kernel.getKnownBlockSize();
  if (!sizes)
    return false;
  int64_t threads = 1;
  for (int32_t size : *sizes)
    threads *= size;
  return threads % mmaSubgroupSize == 0;
}

bool isF16Matrix(Type type) {
  auto matrix = dyn_cast<gpu::MMAMatrixType>(type);
  if (!matrix)
    return true;
  ArrayRef<int64_t> shape = matrix.getShape();
  Type element = matrix.getElementType();
  bool accumulator = matrix.getOperand() == "COp";
  return shape.size() == 2 && shape[0] == 16 && shape[1] == 16 &&
         (element.isF16() || (accumulator && element.isF32()));
}

/// True when \p kernel (converted) has no contraction left and only the
/// subgroup MMA ops every target lowers: 16x16 f16 fragments (f32
/// accumulators too) and elementwise add, sub, mul, div and negation.
bool isFullyConverted(gpu::GPUFuncOp kernel) {
  bool anyMma = false;
  WalkResult result = kernel.walk([&](Operation *op) {
    if (isa<vector::ContractionOp>(op))
      return WalkResult::interrupt();
    bool isMma = isa<gpu::SubgroupMmaStoreMatrixOp>(op);
    for (Type type : op->getResultTypes())
      isMma |= isa<gpu::MMAMatrixType>(type);
    if (!isMma)
      return WalkResult::advance();
    anyMma = true;
    for (Type type :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
      if (!isF16Matrix(type))
        return WalkResult::interrupt();
    if (auto elementwise = dyn_cast<gpu::SubgroupMmaElementwiseOp>(op)) {
      using Kind = gpu::MMAElementwiseOp;
      Kind kind = elementwise.getOpType();
      if (kind != Kind::ADDF && kind != Kind::SUBF && kind != Kind::MULF &&
          kind != Kind::DIVF && kind != Kind::NEGATEF)
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return anyMma && !result.wasInterrupted();
}

struct VectorToSubgroupMmaPass
    : public mlirc::impl::VectorToSubgroupMmaBase<VectorToSubgroupMmaPass> {
  void runOnOperation() override {
    SmallVector<gpu::GPUFuncOp> kernels;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      bool contracts = false;
      func.walk([&](vector::ContractionOp) { contracts = true; });
      if (func.isKernel() && contracts && hasWholeSubgroups(func) &&
          isThreadUniform(func))
        kernels.push_back(func);
    });
    for (gpu::GPUFuncOp kernel : kernels)
      convert(kernel);
  }

  void convert(gpu::GPUFuncOp kernel) {
    // A copy is converted, under another name beside the kernel (a
    // gpu.func verifies only in a gpu.module); it replaces the kernel only
    // when all of it converted into valid IR.
    OpBuilder builder(kernel);
    auto copy = cast<gpu::GPUFuncOp>(builder.clone(*kernel));
    std::string name = kernel.getName().str();
    copy.setName(name + ".mma");
    // A matrix multiplied by itself is one read after CSE; the conversion
    // needs an A and a B operand of its own.
    copy.walk([](vector::ContractionOp contract) {
      auto read = contract.getRhs().getDefiningOp<vector::TransferReadOp>();
      if (contract.getLhs() != contract.getRhs() || !read)
        return;
      OpBuilder builder(contract);
      contract.getRhsMutable().assign(builder.clone(*read)->getResult(0));
    });
    RewritePatternSet patterns(&getContext());
    populatePrepareVectorToMMAPatterns(patterns, /*useNvGpu=*/false);
    IRRewriter rewriter(&getContext());
    // What fails here is not the user's error: the kernel stays as written.
    ScopedDiagnosticHandler quiet(&getContext(),
                                  [](Diagnostic &) { return success(); });
    // The conversion leaves the vector ops it replaced, unused: the
    // greedy driver with no patterns erases them.
    if (failed(mlirc::applyPatternsWithBound(copy, std::move(patterns),
                                             getArgument())) ||
        failed(convertVectorToMMAOps(rewriter, copy)) ||
        failed(mlirc::applyPatternsWithBound(
            copy, RewritePatternSet(&getContext()), getArgument())) ||
        !isFullyConverted(copy) || failed(verify(copy))) {
      copy.erase();
      return;
    }
    kernel.erase();
    copy.setName(name);
  }
};

} // namespace
