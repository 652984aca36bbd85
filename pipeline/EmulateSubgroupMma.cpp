//===- EmulateSubgroupMma.cpp - Tensor-core ops, emulated -----------------===//
//
// On a GPU a !gpu.mma_matrix is spread over the threads of a subgroup in a
// layout of the chip's own; every thread of the subgroup takes part in
// every op on it, uniformly, and a load completes in all of them before
// any of them stores. Where the target has no lowering to the chip's own
// matrix ops (the host target, which runs the threads of a block one after
// another; Vulkan), the whole matrix is one thread's instead: the first
// lane of each subgroup of 32 threads holds it as a vector<MxN> and runs
// every op on it (the other lanes hold zeros and do nothing), loads and
// stores in the program's order. The result is what the GPU computes, in any
// layout, and the ops become vector ops: on the CPU, straight-line SIMD code (a
// load or store is one vector access per row, a multiply outer products
// or one vector.contract); on Vulkan, the scalar code of one thread, right
// on any device but without its tensor cores. Ops that read single lanes'
// elements (subgroup_mma_extract/insert_thread_local) depend on the GPU's
// layout and are not emulated.
//
//===----------------------------------------------------------------------===//

#include "pipeline/EmulateSubgroupMma.h"
#include "pipeline/MmaMatrixConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlirc;

namespace {

/// The vector holding a whole matrix of \p type.
VectorType getMatrixVectorType(gpu::MMAMatrixType type) {
  return VectorType::get(type.getShape(), getMatrixElementType(type));
}

/// Builds \p body in the first lane of each subgroup only; the other lanes
/// get zeros of \p type (nothing when \p type is null).
Value onFirstLane(OpBuilder &b, Location loc, Type type,
                  function_ref<Value(OpBuilder &)> body) {
  Value lane = arith::RemUIOp::create(
      b, loc, buildLinearThreadId(b, loc),
      arith::ConstantIndexOp::create(b, loc, matrixSubgroupSize));
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                            arith::ConstantIndexOp::create(b, loc, 0));
  if (!type) {
    scf::IfOp::create(b, loc, first, [&](OpBuilder &then, Location at) {
      body(then);
      scf::YieldOp::create(then, at);
    });
    return Value();
  }
  auto guarded = scf::IfOp::create(
      b, loc, first,
      [&](OpBuilder &then, Location at) {
        scf::YieldOp::create(then, at, body(then));
      },
      [&](OpBuilder &otherwise, Location at) {
        Value zeros = arith::ConstantOp::create(otherwise, at, type,
                                                otherwise.getZeroAttr(type));
        scf::YieldOp::create(otherwise, at, zeros);
      });
  return guarded.getResult(0);
}

/// The offset of row (or column) \p line from \p linear.
Value lineStart(OpBuilder &b, Location loc, Value linear, int64_t line,
                int64_t leadDimension) {
  return arith::AddIOp::create(
      b, loc, linear,
      arith::ConstantIndexOp::create(b, loc, line * leadDimension));
}

struct LoadMatrix : public OpConversionPattern<gpu::SubgroupMmaLoadMatrixOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaLoadMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<gpu::MMAMatrixType>(op.getRes().getType());
    ArrayRef<int64_t> shape = type.getShape();
    bool transposed = op.getTranspose().value_or(false);
    int64_t ld = op.getLeadDimension().getSExtValue();
    Value matrix = onFirstLane(
        rewriter, loc, getMatrixVectorType(type), [&](OpBuilder &b) {
          auto [flat, linear] = linearizeMatrixMemref(
              b, loc, adaptor.getSrcMemref(), adaptor.getIndices());
          // A transposed load reads columns: element (r, c) is c * ld + r.
          int64_t lines = transposed ? shape[1] : shape[0];
          int64_t length = transposed ? shape[0] : shape[1];
          Type element = getMatrixVectorType(type).getElementType();
          auto lineType = VectorType::get({length}, element);
          auto stored = VectorType::get({lines, length}, element);
          Value loaded =
              arith::ConstantOp::create(b, loc, stored, b.getZeroAttr(stored));
          for (int64_t line = 0; line < lines; ++line) {
            Value start = lineStart(b, loc, linear, line, ld);
            Value row = vector::LoadOp::create(b, loc, lineType, flat, start);
            loaded = vector::InsertOp::create(b, loc, row, loaded, line);
          }
          if (transposed)
            loaded = vector::TransposeOp::create(b, loc, loaded, {1, 0});
          return loaded;
        });
    rewriter.replaceOp(op, matrix);
    return success();
  }
};

struct StoreMatrix : public OpConversionPattern<gpu::SubgroupMmaStoreMatrixOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaStoreMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<gpu::MMAMatrixType>(op.getSrc().getType());
    bool transposed = op.getTranspose().value_or(false);
    int64_t ld = op.getLeadDimension().getSExtValue();
    onFirstLane(rewriter, loc, Type(), [&](OpBuilder &b) {
      auto [flat, linear] = linearizeMatrixMemref(
          b, loc, adaptor.getDstMemref(), adaptor.getIndices());
      Value matrix = adaptor.getSrc();
      if (transposed)
        matrix = vector::TransposeOp::create(b, loc, matrix, {1, 0});
      int64_t lines = transposed ? type.getShape()[1] : type.getShape()[0];
      for (int64_t line = 0; line < lines; ++line) {
        Value row = vector::ExtractOp::create(b, loc, matrix, line);
        Value start = lineStart(b, loc, linear, line, ld);
        vector::StoreOp::create(b, loc, row, flat, start);
      }
      return Value();
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// \p value (a vector of A's or B's elements) in the accumulator's element
/// type \p to: ui8 zero-extended, si8 sign-extended.
Value extendTo(OpBuilder &b, Location loc, Value value, gpu::MMAMatrixType from,
               Type to) {
  Type element = from.getElementType();
  if (element == to)
    return value;
  auto type = VectorType::get(from.getShape(), to);
  if (isa<FloatType>(element))
    return arith::ExtFOp::create(b, loc, type, value);
  if (element.isUnsignedInteger())
    return arith::ExtUIOp::create(b, loc, type, value);
  return arith::ExtSIOp::create(b, loc, type, value);
}

/// C + A * B on floats as tensor cores round it: the products of each pair
/// of k summed exactly (in f32, exact for f16 inputs), then added to the
/// accumulator and rounded to its type, pair after pair. For f16
/// accumulators this is what RDNA 3 prints for MLIR's WMMA tests, bit for
/// bit; a plain dot product differs in the last bit. Rows are vectors,
/// each step one outer product, which LLVM compiles in seconds (a
/// vector.contract of f16 16x16 matrices, as one basic block of scalar
/// reductions, takes it tens).
Value multiplyInPairs(OpBuilder &b, Location loc, Value a, Value bMatrix,
                      Value c) {
  int64_t depth = cast<VectorType>(a.getType()).getShape()[1];
  auto cType = cast<VectorType>(c.getType());
  Type accumulator = cType.getElementType();
  Type wide =
      accumulator.getIntOrFloatBitWidth() < 32 ? b.getF32Type() : accumulator;
  auto widen = [&](Value value) -> Value {
    auto type = cast<VectorType>(value.getType());
    if (type.getElementType() == wide)
      return value;
    return arith::ExtFOp::create(b, loc, type.clone(wide), value);
  };
  Value columns = vector::TransposeOp::create(b, loc, widen(a), {1, 0});
  Value bWide = widen(bMatrix);
  Value sum = widen(c);
  auto product = [&](int64_t k) -> Value {
    Value column = vector::ExtractOp::create(b, loc, columns, k);
    Value row = vector::ExtractOp::create(b, loc, bWide, k);
    return vector::OuterProductOp::create(b, loc, cType.clone(wide), column,
                                          row, Value(),
                                          vector::CombiningKind::ADD)
        .getResult();
  };
  for (int64_t k = 0; k < depth; k += 2) {
    Value pair = product(k);
    if (k + 1 < depth)
      pair = arith::AddFOp::create(b, loc, pair, product(k + 1));
    sum = arith::AddFOp::create(b, loc, sum, pair);
    if (wide != accumulator)
      sum = arith::ExtFOp::create(
          b, loc, cType.clone(wide),
          arith::TruncFOp::create(b, loc, cType, sum).getResult());
  }
  if (wide == accumulator)
    return sum;
  return arith::TruncFOp::create(b, loc, cType, sum);
}

struct Compute : public OpConversionPattern<gpu::SubgroupMmaComputeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gpu::MMAMatrixType typeA = op.getOpA().getType(),
                       typeB = op.getOpB().getType();
    Type accumulator = op.getOpC().getType().getElementType();
    // C + A * B on the matrices as loaded; the transpose flags only pick
    // a GPU intrinsic for the layout the loads produced.
    MLIRContext *context = op.getContext();
    AffineExpr i, j, k;
    bindDims(context, i, j, k);
    auto maps = ArrayAttr::get(
        context, {AffineMapAttr::get(AffineMap::get(3, 0, {i, k}, context)),
                  AffineMapAttr::get(AffineMap::get(3, 0, {k, j}, context)),
                  AffineMapAttr::get(AffineMap::get(3, 0, {i, j}, context))});
    auto parallel =
        vector::IteratorTypeAttr::get(context, vector::IteratorType::parallel);
    auto iterators =
        rewriter.getArrayAttr({parallel, parallel,
                               vector::IteratorTypeAttr::get(
                                   context, vector::IteratorType::reduction)});
    Value result = onFirstLane(
        rewriter, loc, getMatrixVectorType(op.getOpC().getType()),
        [&](OpBuilder &b) -> Value {
          if (isa<FloatType>(accumulator))
            return multiplyInPairs(b, loc, adaptor.getOpA(), adaptor.getOpB(),
                                   adaptor.getOpC());
          Value a = extendTo(b, loc, adaptor.getOpA(), typeA, accumulator);
          Value bValue = extendTo(b, loc, adaptor.getOpB(), typeB, accumulator);
          return vector::ContractionOp::create(
              b, loc, a, bValue, adaptor.getOpC(), maps, iterators);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConstantMatrix
    : public OpConversionPattern<gpu::SubgroupMmaConstantMatrixOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaConstantMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    VectorType type = getMatrixVectorType(op.getType());
    Value result =
        onFirstLane(rewriter, op.getLoc(), type, [&](OpBuilder &b) -> Value {
          return vector::BroadcastOp::create(b, op.getLoc(), type,
                                             adaptor.getValue());
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct Elementwise : public OpConversionPattern<gpu::SubgroupMmaElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    VectorType type = getMatrixVectorType(op.getType());
    ValueRange args = adaptor.getArgs();
    if (args.size() != (isUnaryMmaElementwise(op.getOpType()) ? 1u : 2u))
      return rewriter.notifyMatchFailure(op, "operand count");
    Value result = onFirstLane(rewriter, loc, type, [&](OpBuilder &b) {
      return buildMmaElementwise(b, loc, op.getOpType(), args, type);
    });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

Value mlirc::buildLinearThreadId(OpBuilder &b, Location loc) {
  auto id = [&](gpu::Dimension dim) -> Value {
    return gpu::ThreadIdOp::create(b, loc, dim);
  };
  auto size = [&](gpu::Dimension dim) -> Value {
    return gpu::BlockDimOp::create(b, loc, dim);
  };
  auto mulAdd = [&](Value x, Value y, Value z) -> Value {
    return arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, x, y),
                                 z);
  };
  return mulAdd(mulAdd(id(gpu::Dimension::z), size(gpu::Dimension::y),
                       id(gpu::Dimension::y)),
                size(gpu::Dimension::x), id(gpu::Dimension::x));
}

LogicalResult mlirc::emulateSubgroupMma(gpu::GPUModuleOp module,
                                        StringRef target) {
  // Most kernels have none: nothing to convert. An op this cannot emulate
  // is reported before anything changes.
  bool any = false;
  WalkResult unsupported = module.walk([&](Operation *op) {
    if (!hasMmaMatrices(op))
      return WalkResult::advance();
    any = true;
    if (isa<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
            gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
            gpu::SubgroupMmaElementwiseOp, RegionBranchOpInterface,
            RegionBranchTerminatorOpInterface, BranchOpInterface>(op))
      return WalkResult::advance();
    op->emitError("'")
        << op->getName() << "' cannot be compiled for the " << target
        << " target: it emulates loads, "
           "stores, compute (float and signless integer), constants and "
           "elementwise ops on !gpu.mma_matrix values, and their passing "
           "through loops and branches, not this op";
    return WalkResult::interrupt();
  });
  if (unsupported.wasInterrupted())
    return failure();
  if (!any)
    return success();

  MLIRContext *context = module.getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](gpu::MMAMatrixType type) -> Type {
    return getMatrixVectorType(type);
  });
  RewritePatternSet patterns(context);
  patterns.add<LoadMatrix, StoreMatrix, Compute, ConstantMatrix, Elementwise>(
      converter, context);
  return convertMmaMatrices(module, converter, std::move(patterns));
}
