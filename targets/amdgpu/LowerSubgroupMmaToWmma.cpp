//===- LowerSubgroupMmaToWmma.cpp - gpu.subgroup_mma_* as AMD's WMMA ------===//
//
// MLIR 22 lowers gpu.subgroup_mma_* to NVVM only. On RDNA 3 (gfx11) and
// RDNA 4 (gfx12), whose waves of 32 lanes multiply 16x16x16 matrices with
// WMMA, each !gpu.mma_matrix becomes the vector one lane holds in the
// chip's layout (lane l, r = l % 16, h = l / 16):
//
//   gfx11  A: A[r][e], 16 elements     B: B[e][r], 16 elements
//          C: C[2e + h][r], 8 elements (f16: 16, the even ones used)
//   gfx12  A: A[r][8h + e], 8 elements B: B[8h + e][r], 8 elements
//          C: C[e + 8h][r], 8 elements
//
// Loads and stores move each lane's elements one by one (LLVM joins the
// contiguous ones), compute is amdgpu.wmma, constants are broadcasts and
// elementwise ops act on the vectors, all lanes holding the same kind of
// fragment in the same layout. A transposed load or store swaps the
// element's row and column in memory; the compute's transpose flags only
// name the layout NVIDIA's loads produced. Everything else is an error at
// the op that names the chip.
//
//===----------------------------------------------------------------------===//

#include "pipeline/MmaMatrixConversion.h"
#include "targets/amdgpu/AMDGPUTarget.h"
#include "targets/amdgpu/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERSUBGROUPMMATOWMMA
#include "targets/amdgpu/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using mlirc::buildMmaElementwise;
using mlirc::getMatrixElementType;
using mlirc::hasMmaMatrices;
using mlirc::isUnaryMmaElementwise;
using mlirc::linearizeMatrixMemref;

namespace {

/// The WMMA generation of a chip: 11, 12, or 0 for chips without WMMA.
unsigned getWmmaGeneration(StringRef chip) {
  StringRef chipset = mlirc::getLoweringChipset(chip);
  if (chipset.starts_with("gfx11"))
    return 11;
  if (chipset.starts_with("gfx12"))
    return 12;
  return 0;
}

/// Where one lane's fragment elements live in the 16x16 matrix.
struct FragmentLayout {
  unsigned generation;
  gpu::MMAMatrixType type;

  StringRef kind() const { return type.getOperand(); }
  bool isAccumulator() const { return kind() == "COp"; }
  /// gfx11 keeps 16-bit accumulators in the low halves of 8 registers.
  bool isSparse() const {
    return generation == 11 && isAccumulator() &&
           type.getElementType().getIntOrFloatBitWidth() == 16;
  }
  /// The vector one lane holds (ui8 signless, amdgpu.wmma's unsigned flags
  /// say so).
  VectorType getVectorType() const {
    int64_t length = 8;
    if (generation == 11 && (!isAccumulator() || isSparse()))
      length = 16;
    return VectorType::get({length}, getMatrixElementType(type));
  }
  /// The positions in that vector that hold matrix elements.
  SmallVector<int64_t> getPositions() const {
    SmallVector<int64_t> positions;
    int64_t step = isSparse() ? 2 : 1;
    for (int64_t i = 0; i < getVectorType().getNumElements(); i += step)
      positions.push_back(i);
    return positions;
  }
  /// The (row, column) of the \p n-th matrix element of lane (r, h).
  std::pair<Value, Value> getElement(OpBuilder &b, Location loc, int64_t n,
                                     Value r, Value h) const {
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    auto plus = [&](Value value, int64_t offset, int64_t scale) -> Value {
      // value * scale + offset
      Value scaled = scale == 1
                         ? value
                         : arith::MulIOp::create(b, loc, value, constant(scale))
                               .getResult();
      return arith::AddIOp::create(b, loc, scaled, constant(offset));
    };
    if (generation == 11) {
      if (kind() == "AOp")
        return {r, constant(n)};
      if (kind() == "BOp")
        return {constant(n), r};
      return {plus(h, 2 * n, 1), r};
    }
    if (kind() == "AOp")
      return {r, plus(h, n, 8)};
    if (kind() == "BOp")
      return {plus(h, n, 8), r};
    return {plus(h, n, 8), r};
  }
};

/// Why \p type cannot be a WMMA fragment on \p chip; empty when it can.
std::string checkFragment(gpu::MMAMatrixType type, StringRef chip) {
  ArrayRef<int64_t> shape = type.getShape();
  std::string problem;
  llvm::raw_string_ostream os(problem);
  if (shape[0] != 16 || shape[1] != 16) {
    os << "AMD's WMMA (" << chip << ") multiplies 16x16x16 matrices, not a "
       << shape[0] << "x" << shape[1] << " " << type.getOperand();
    return problem;
  }
  Type element = type.getElementType();
  bool input = type.getOperand() != "COp";
  if (input ? !element.isF16() && !element.isInteger(8)
            : !element.isF16() && !element.isF32() && !element.isInteger(32))
    os << "AMD's WMMA (" << chip << ") takes " << type.getOperand()
       << " fragments of "
       << (input ? "f16 or 8-bit integers" : "f16, f32 or i32") << ", not "
       << element;
  return problem;
}

/// The lane's (r, h): its row or column in the fragment and its half-wave.
std::pair<Value, Value> getLanePosition(OpBuilder &b, Location loc) {
  Value lane = gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr);
  Value sixteen = arith::ConstantIndexOp::create(b, loc, 16);
  return {arith::RemUIOp::create(b, loc, lane, sixteen),
          arith::DivUIOp::create(b, loc, lane, sixteen)};
}

/// Where element (row, col) of a matrix at \p linear lies in memory.
Value getAddress(OpBuilder &b, Location loc, Value linear, Value row, Value col,
                 int64_t leadDimension, bool transposed) {
  if (transposed)
    std::swap(row, col);
  Value ld = arith::ConstantIndexOp::create(b, loc, leadDimension);
  Value offset = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row, ld), col);
  return arith::AddIOp::create(b, loc, linear, offset);
}

/// Calls \p visit with each of a lane's fragment positions and where its
/// element lies in \p memref (a flat view and the index in it), for a
/// matrix at \p indices whose rows are \p leadDimension apart.
void forEachElement(OpBuilder &b, Location loc, const FragmentLayout &fragment,
                    Value memref, ValueRange indices, int64_t leadDimension,
                    bool transposed,
                    function_ref<void(int64_t, Value, Value)> visit) {
  auto [flat, linear] = linearizeMatrixMemref(b, loc, memref, indices);
  auto [r, h] = getLanePosition(b, loc);
  for (auto [n, position] : llvm::enumerate(fragment.getPositions())) {
    auto [row, col] = fragment.getElement(b, loc, n, r, h);
    visit(position, flat,
          getAddress(b, loc, linear, row, col, leadDimension, transposed));
  }
}

template <typename Op> struct WmmaPattern : public OpConversionPattern<Op> {
  WmmaPattern(const TypeConverter &converter, MLIRContext *context,
              unsigned generation)
      : OpConversionPattern<Op>(converter, context), generation(generation) {}
  FragmentLayout layout(gpu::MMAMatrixType type) const {
    return {generation, type};
  }
  unsigned generation;
};

struct LoadMatrix : public WmmaPattern<gpu::SubgroupMmaLoadMatrixOp> {
  using WmmaPattern::WmmaPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaLoadMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FragmentLayout fragment =
        layout(cast<gpu::MMAMatrixType>(op.getRes().getType()));
    VectorType type = fragment.getVectorType();
    Value result = arith::ConstantOp::create(rewriter, loc, type,
                                             rewriter.getZeroAttr(type));
    forEachElement(
        rewriter, loc, fragment, adaptor.getSrcMemref(), adaptor.getIndices(),
        op.getLeadDimension().getSExtValue(), op.getTranspose().value_or(false),
        [&](int64_t position, Value flat, Value address) {
          Value element = memref::LoadOp::create(rewriter, loc, flat, address);
          result = vector::InsertOp::create(rewriter, loc, element, result,
                                            ArrayRef<int64_t>{position});
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct StoreMatrix : public WmmaPattern<gpu::SubgroupMmaStoreMatrixOp> {
  using WmmaPattern::WmmaPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaStoreMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FragmentLayout fragment = layout(op.getSrc().getType());
    forEachElement(
        rewriter, loc, fragment, adaptor.getDstMemref(), adaptor.getIndices(),
        op.getLeadDimension().getSExtValue(), op.getTranspose().value_or(false),
        [&](int64_t position, Value flat, Value address) {
          Value element = vector::ExtractOp::create(
              rewriter, loc, adaptor.getSrc(), ArrayRef<int64_t>{position});
          memref::StoreOp::create(rewriter, loc, element, flat, address);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

struct Compute : public WmmaPattern<gpu::SubgroupMmaComputeOp> {
  using WmmaPattern::WmmaPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Signless 8-bit integers are signed, as for NVIDIA's integer MMA.
    auto isUnsigned = [](gpu::MMAMatrixType type) {
      return type.getElementType().isUnsignedInteger();
    };
    rewriter.replaceOpWithNewOp<amdgpu::WMMAOp>(
        op, adaptor.getOpC().getType(), /*m=*/16, /*n=*/16, /*k=*/16,
        adaptor.getOpA(), adaptor.getOpB(), adaptor.getOpC(),
        /*subwordOffset=*/0, isUnsigned(op.getOpA().getType()),
        isUnsigned(op.getOpB().getType()), /*clamp=*/false);
    return success();
  }
};

struct ConstantMatrix : public WmmaPattern<gpu::SubgroupMmaConstantMatrixOp> {
  using WmmaPattern::WmmaPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaConstantMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        op, layout(op.getType()).getVectorType(), adaptor.getValue());
    return success();
  }
};

struct Elementwise : public WmmaPattern<gpu::SubgroupMmaElementwiseOp> {
  using WmmaPattern::WmmaPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange args = adaptor.getArgs();
    FragmentLayout result = layout(op.getType());
    VectorType type = result.getVectorType();
    gpu::MMAElementwiseOp kind = op.getOpType();
    if (args.size() != (isUnaryMmaElementwise(kind) ? 1u : 2u))
      return rewriter.notifyMatchFailure(op, "operand count");
    SmallVector<Value> operands(args);
    // gfx11's sparse f16 accumulator to its dense f32 one: the used (even)
    // elements, in order.
    FragmentLayout from =
        layout(cast<gpu::MMAMatrixType>(op.getArgs()[0].getType()));
    if (kind == gpu::MMAElementwiseOp::EXTF && from.isSparse() &&
        !result.isSparse())
      operands[0] = vector::ShuffleOp::create(rewriter, loc, args[0], args[0],
                                              from.getPositions());
    Value value = buildMmaElementwise(rewriter, loc, kind, operands, type);
    rewriter.replaceOp(op, value);
    return success();
  }
};

struct LowerSubgroupMmaToWmmaPass
    : public mlirc::impl::LowerSubgroupMmaToWmmaBase<
          LowerSubgroupMmaToWmmaPass> {
  using Base::Base;

  /// Reports the first op that cannot become WMMA on this chip.
  LogicalResult check(unsigned generation) {
    WalkResult result =
        getOperation().walk([&](Operation *op) {
          if (!hasMmaMatrices(op))
            return WalkResult::advance();
          if (!generation) {
            op->emitError("'")
                << op->getName() << "' needs WMMA, which " << chip
                << " lacks: mlirc lowers gpu.subgroup_mma_* ops to AMD's WMMA "
                   "on RDNA 3 and 4 (gfx11, gfx12), to NVIDIA's on NVIDIA "
                   "targets, and emulates them on the host target and Vulkan";
            return WalkResult::interrupt();
          }
          if (!isa<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
                   gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
                   gpu::SubgroupMmaElementwiseOp, RegionBranchOpInterface,
                   RegionBranchTerminatorOpInterface, BranchOpInterface>(op)) {
            op->emitError("'")
                << op->getName() << "' cannot be compiled for " << chip
                << ": mlirc lowers loads, stores, compute, constants and "
                   "elementwise ops on !gpu.mma_matrix values to AMD's WMMA, "
                   "not this op, whose result depends on the chip's layout";
            return WalkResult::interrupt();
          }
          SmallVector<Type> types(op->getOperandTypes());
          llvm::append_range(types, op->getResultTypes());
          for (Type type : types)
            if (auto matrix = dyn_cast<gpu::MMAMatrixType>(type)) {
              std::string problem = checkFragment(matrix, chip);
              if (!problem.empty()) {
                op->emitError("'") << op->getName() << "': " << problem;
                return WalkResult::interrupt();
              }
            }
          return WalkResult::advance();
        });
    return failure(result.wasInterrupted());
  }

  void runOnOperation() override {
    unsigned generation = getWmmaGeneration(chip);
    bool any = false;
    getOperation().walk([&](Operation *op) {
      any |= hasMmaMatrices(op);
      return any ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!any)
      return;
    if (failed(check(generation)))
      return signalPassFailure();

    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([generation](gpu::MMAMatrixType type) -> Type {
      return FragmentLayout{generation, type}.getVectorType();
    });
    RewritePatternSet patterns(context);
    patterns.add<LoadMatrix, StoreMatrix, Compute, ConstantMatrix, Elementwise>(
        converter, context, generation);
    if (failed(mlirc::convertMmaMatrices(getOperation(), converter,
                                         std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
