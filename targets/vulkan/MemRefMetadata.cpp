//===- MemRefMetadata.cpp - Dynamic memref sizes in Vulkan kernels --------===//

#include "targets/vulkan/MemRefMetadata.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

SmallVector<unsigned> mlirc::getDynamicDescriptorFields(MemRefType type,
                                                        bool sizeOf1D) {
  SmallVector<unsigned> fields;
  unsigned rank = type.getRank();
  bool identity = type.getLayout().isIdentity();
  if (rank == 0 || (rank == 1 && identity && !sizeOf1D))
    return fields;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return fields;
  if (ShapedType::isDynamic(offset))
    fields.push_back(2);
  for (unsigned i = 0; i < rank; ++i)
    if (type.isDynamicDim(i))
      fields.push_back(3 + i);
  // An identity layout's strides follow from its sizes.
  if (!identity)
    for (unsigned i = 0; i < rank; ++i)
      if (ShapedType::isDynamic(strides[i]))
        fields.push_back(3 + rank + i);
  return fields;
}

/// The kernel's argument \p arg (of a memref type with \p fields dynamic)
/// as a 1-D buffer reinterpreted with the \p values of those fields.
static void reinterpret(BlockArgument arg, MemRefType type,
                        ArrayRef<unsigned> fields, ArrayRef<Value> values) {
  OpBuilder b(arg.getContext());
  b.setInsertionPointToStart(arg.getOwner());
  Location loc = arg.getLoc();
  unsigned rank = type.getRank();
  SmallVector<int64_t> staticStrides;
  int64_t staticOffset;
  (void)type.getStridesAndOffset(staticStrides, staticOffset);
  auto field = [&](unsigned index, int64_t staticValue) -> OpFoldResult {
    const unsigned *at = llvm::find(fields, index);
    if (at == fields.end())
      return b.getIndexAttr(staticValue);
    return values[at - fields.begin()];
  };
  OpFoldResult offset = field(2, staticOffset);
  SmallVector<OpFoldResult> sizes, strides(rank);
  for (unsigned i = 0; i < rank; ++i)
    sizes.push_back(field(3 + i, type.getDimSize(i)));
  if (type.getLayout().isIdentity()) {
    // Row-major: each stride the product of the sizes after it.
    Value product;
    int64_t constant = 1;
    for (int i = rank - 1; i >= 0; --i) {
      if (!product)
        strides[i] = b.getIndexAttr(constant);
      else
        strides[i] = product;
      if (auto size = dyn_cast<Value>(sizes[i])) {
        Value factor =
            product
                ? product
                : arith::ConstantIndexOp::create(b, loc, constant).getResult();
        product = arith::MulIOp::create(b, loc, factor, size);
      } else if (product) {
        product = arith::MulIOp::create(
            b, loc, product,
            arith::ConstantIndexOp::create(b, loc, type.getDimSize(i)));
      } else {
        constant *= type.getDimSize(i);
      }
    }
  } else {
    for (unsigned i = 0; i < rank; ++i)
      strides[i] = field(3 + rank + i, staticStrides[i]);
  }
  auto flat =
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  arg.setType(flat);
  auto cast = memref::ReinterpretCastOp::create(b, loc, type, arg, offset,
                                                sizes, strides);
  arg.replaceAllUsesExcept(cast.getResult(), cast);
}

namespace {

/// memref.dim of a reinterpret_cast as the size it was given, also for the
/// dims lowering a transfer makes after passDynamicMemRefFields.
struct DimOfReinterpretCast : public OpRewritePattern<memref::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::DimOp op,
                                PatternRewriter &rewriter) const override {
    auto cast = op.getSource().getDefiningOp<memref::ReinterpretCastOp>();
    std::optional<int64_t> which = op.getConstantIndex();
    if (!cast || !which || *which < 0 ||
        *which >= static_cast<int64_t>(cast.getMixedSizes().size()))
      return failure();
    rewriter.replaceOp(
        op, getValueOrCreateConstantIndexOp(rewriter, op.getLoc(),
                                            cast.getMixedSizes()[*which]));
    return success();
  }
};

/// memref.dim of a ranked memref cast to an unranked one as the dim of the
/// ranked memref, whose size the kernel has (MLIR folds only ranked casts).
struct DimOfUnrankedCast : public OpRewritePattern<memref::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::DimOp op,
                                PatternRewriter &rewriter) const override {
    auto cast = op.getSource().getDefiningOp<memref::CastOp>();
    if (!cast || !isa<UnrankedMemRefType>(cast.getType()) ||
        !isa<MemRefType>(cast.getSource().getType()))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSourceMutable().assign(cast.getSource()); });
    return success();
  }
};

/// memref.rank of a ranked memref cast to an unranked one: its rank.
struct RankOfUnrankedCast : public OpRewritePattern<memref::RankOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::RankOp op,
                                PatternRewriter &rewriter) const override {
    auto cast = op.getMemref().getDefiningOp<memref::CastOp>();
    auto ranked =
        cast ? dyn_cast<MemRefType>(cast.getSource().getType()) : nullptr;
    if (!ranked)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, ranked.getRank());
    return success();
  }
};

/// The offset, sizes and strides of a memref of identity layout as the
/// zero, dims and products of dims they are: MLIR's folding of a
/// collapse_shape into a load asks for the sizes so, and a storage buffer
/// has no metadata to extract. The base buffer stays where it is used.
struct StridedMetadataOfIdentity
    : public OpRewritePattern<memref::ExtractStridedMetadataOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::ExtractStridedMetadataOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(op.getSource().getType());
    if (!type.getLayout().isIdentity() ||
        llvm::all_of(op->getResults().drop_front(),
                     [](Value result) { return result.use_empty(); }))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      sizes.push_back(
          memref::DimOp::create(rewriter, loc, op.getSource(), dim));
    Value stride = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
      rewriter.replaceAllUsesWith(op.getStrides()[dim], stride);
      stride = arith::MulIOp::create(rewriter, loc, stride, sizes[dim]);
    }
    rewriter.replaceAllUsesWith(op.getSizes(), sizes);
    rewriter.replaceAllUsesWith(
        op.getOffset(), arith::ConstantIndexOp::create(rewriter, loc, 0));
    if (op.getBaseBuffer().use_empty())
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlirc::populateDimOfReinterpretCastPatterns(RewritePatternSet &patterns) {
  patterns.add<DimOfReinterpretCast, DimOfUnrankedCast, RankOfUnrankedCast,
               StridedMetadataOfIdentity>(patterns.getContext());
}

/// Whether the kernel asks for the size of its 1-D memref \p arg: a
/// memref.dim, or a transfer whose mask will (it may be out of bounds).
static bool asksForSize(BlockArgument arg) {
  return llvm::any_of(arg.getUsers(), [](Operation *user) {
    return isa<memref::DimOp, vector::TransferReadOp, vector::TransferWriteOp>(
        user);
  });
}

void mlirc::passDynamicMemRefFields(gpu::GPUModuleOp copy,
                                    gpu::GPUModuleOp original) {
  MLIRContext *context = copy.getContext();
  Type index = IndexType::get(context);
  for (auto kernel : copy.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel())
      continue;
    unsigned count = kernel.getNumArguments();
    SmallVector<int32_t> sized;
    for (unsigned i = 0; i < count; ++i) {
      auto type = dyn_cast<MemRefType>(kernel.getArgument(i).getType());
      if (!type)
        continue;
      bool sizeOf1D = type.getRank() == 1 && type.getLayout().isIdentity() &&
                      type.isDynamicDim(0) &&
                      asksForSize(kernel.getArgument(i));
      if (sizeOf1D)
        sized.push_back(i);
      SmallVector<unsigned> fields = getDynamicDescriptorFields(type, sizeOf1D);
      if (fields.empty())
        continue;
      SmallVector<Value> values;
      for (unsigned f = 0; f < fields.size(); ++f) {
        unsigned at = kernel.getNumArguments();
        (void)kernel.insertArgument(at, index, DictionaryAttr(),
                                    kernel.getLoc());
        values.push_back(kernel.getArgument(at));
      }
      reinterpret(kernel.getArgument(i), type, fields, values);
    }
    // The function type from the arguments, which reinterpret retyped.
    SmallVector<Type> inputs;
    for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
      inputs.push_back(kernel.getArgument(i).getType());
    kernel.setFunctionTypeAttr(
        TypeAttr::get(FunctionType::get(context, inputs, {})));
    if (auto kept = original.lookupSymbol<gpu::GPUFuncOp>(kernel.getName()))
      kept->setAttr(memrefSizeArgsAttr, DenseI32ArrayAttr::get(context, sized));
  }
}
