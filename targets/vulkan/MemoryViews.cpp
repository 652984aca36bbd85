//===- MemoryViews.cpp - Views SPIR-V's logical addressing lacks ----------===//

#include "targets/vulkan/MemoryViews.h"
#include "targets/vulkan/DynamicSharedMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

/// True when \p user reads or writes memory through its memref operand and
/// has no memref result: the operand's layout may change under it.
static bool isAccess(Operation *user) {
  return isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp,
             vector::LoadOp, vector::StoreOp, vector::MaskedLoadOp,
             vector::MaskedStoreOp, vector::TransferReadOp,
             vector::TransferWriteOp, vector::GatherOp, vector::ScatterOp,
             vector::CompressStoreOp, vector::ExpandLoadOp>(user);
}

/// The element type \p bytes is to take: the one every view of it takes
/// or, where the views take types of one width (f32 and i32), the integer
/// of that width, when views of another type than that are only loaded
/// and stored. Null when the views are not its only users, their elements
/// are not whole bytes, or their users are not accesses.
static Type getViewedType(Value bytes) {
  Type viewed;
  bool mixed = false;
  for (Operation *user : bytes.getUsers()) {
    auto view = dyn_cast<memref::ViewOp>(user);
    if (!view || view.getSource() != bytes)
      return {};
    Type element = view.getType().getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8)
      return {};
    if (viewed && viewed != element) {
      if (viewed.getIntOrFloatBitWidth() != element.getIntOrFloatBitWidth())
        return {};
      mixed = true;
    }
    viewed = element;
    APInt shift;
    unsigned size = element.getIntOrFloatBitWidth() / 8;
    if (matchPattern(view.getByteShift(), m_ConstantInt(&shift)) &&
        shift.getZExtValue() % size)
      return {};
    if (!llvm::all_of(view->getUsers(), isAccess))
      return {};
  }
  if (!mixed)
    return viewed;
  Type storage = IntegerType::get(bytes.getContext(),
                                  viewed.getIntOrFloatBitWidth());
  for (Operation *user : bytes.getUsers()) {
    auto view = cast<memref::ViewOp>(user);
    if (view.getType().getElementType() != storage &&
        !llvm::all_of(view->getUsers(), [](Operation *access) {
          return isa<memref::LoadOp, memref::StoreOp>(access);
        }))
      return {};
  }
  return storage;
}

/// The loads and stores of \p cast, a view of another element type than
/// its memory's, as accesses of the memory's type and bitcasts.
static void bitcastAccesses(Value view, Type viewed) {
  for (Operation *user : llvm::make_early_inc_range(view.getUsers())) {
    OpBuilder b(user);
    Location loc = user->getLoc();
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      Value raw = memref::LoadOp::create(b, loc, view, load.getIndices());
      Value value = arith::BitcastOp::create(b, loc, viewed, raw);
      load.getResult().replaceAllUsesWith(value);
      load.erase();
      continue;
    }
    auto store = cast<memref::StoreOp>(user);
    Type storage = cast<MemRefType>(view.getType()).getElementType();
    Value raw =
        arith::BitcastOp::create(b, loc, storage, store.getValueToStore());
    memref::StoreOp::create(b, loc, raw, view, store.getIndices());
    store.erase();
  }
}

/// \p bytes, a memref<Nxi8>, as \p retyped: each view a reinterpret_cast
/// of \p retyped at its offset in elements, row-major.
static void replaceViews(Value bytes, Value retyped) {
  auto type = cast<MemRefType>(retyped.getType());
  unsigned size = type.getElementType().getIntOrFloatBitWidth() / 8;
  for (Operation *user : llvm::make_early_inc_range(bytes.getUsers())) {
    auto view = cast<memref::ViewOp>(user);
    OpBuilder b(view);
    Location loc = view.getLoc();
    MemRefType viewType = view.getType();
    // The offset in elements: a misaligned view of wider elements is
    // undefined on every GPU.
    Value elements = arith::DivUIOp::create(
        b, loc, view.getByteShift(),
        arith::ConstantIndexOp::create(b, loc, size));
    SmallVector<OpFoldResult> sizes;
    unsigned dynamic = 0;
    for (int64_t dim : viewType.getShape())
      sizes.push_back(ShapedType::isDynamic(dim)
                          ? OpFoldResult(view.getSizes()[dynamic++])
                          : OpFoldResult(b.getIndexAttr(dim)));
    // Row-major strides, multiplied out at run time where a size is.
    SmallVector<OpFoldResult> strides(sizes.size());
    Value stride = arith::ConstantIndexOp::create(b, loc, 1);
    for (int i = static_cast<int>(sizes.size()) - 1; i >= 0; --i) {
      strides[i] = stride;
      Value dim = getValueOrCreateConstantIndexOp(b, loc, sizes[i]);
      stride = arith::MulIOp::create(b, loc, stride, dim);
    }
    SmallVector<int64_t> layout(sizes.size(), ShapedType::kDynamic);
    auto castType = MemRefType::get(
        viewType.getShape(), type.getElementType(),
        StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, layout),
        type.getMemorySpace());
    Value cast = memref::ReinterpretCastOp::create(
        b, loc, castType, retyped, OpFoldResult(elements), sizes, strides);
    for (OpOperand &use : llvm::make_early_inc_range(view->getUses()))
      use.set(cast);
    if (viewType.getElementType() != type.getElementType())
      bitcastAccesses(cast, viewType.getElementType());
    view.erase();
  }
}

/// The type of \p bytes as elements of \p element.
static MemRefType getRetyped(MemRefType bytes, Type element) {
  unsigned size = element.getIntOrFloatBitWidth() / 8;
  int64_t count = bytes.getShape()[0];
  if (!ShapedType::isDynamic(count))
    count /= size;
  return MemRefType::get({count}, element, MemRefLayoutAttrInterface(),
                         bytes.getMemorySpace());
}

/// A memref<Nxi8> of identity layout.
static bool isByteBuffer(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.getRank() == 1 &&
         memref.getElementType().isInteger(8) && memref.getLayout().isIdentity();
}

void mlirc::retypeByteViews(Operation *module) {
  module->walk([](gpu::GPUFuncOp kernel) {
    if (!kernel.isKernel() || kernel.getBody().empty())
      return;
    Block &entry = kernel.getBody().front();
    bool changed = false;
    for (BlockArgument arg : entry.getArguments()) {
      if (!isByteBuffer(arg.getType()))
        continue;
      Type element = getViewedType(arg);
      if (!element)
        continue;
      // The shader's argument takes the new type; the launches keep
      // passing bytes.
      arg.setType(getRetyped(cast<MemRefType>(arg.getType()), element));
      replaceViews(arg, arg);
      changed = true;
    }
    if (changed)
      kernel.setType(FunctionType::get(kernel.getContext(),
                                       entry.getArgumentTypes(),
                                       kernel.getResultTypes()));
    kernel.walk([](Operation *op) {
      if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
          !isByteBuffer(op->getResult(0).getType()) ||
          op->getNumOperands() != 0)
        return;
      Type element = getViewedType(op->getResult(0));
      if (!element)
        return;
      OpBuilder b(op);
      auto type =
          getRetyped(cast<MemRefType>(op->getResult(0).getType()), element);
      Operation *retyped = isa<memref::AllocOp>(op)
                               ? memref::AllocOp::create(b, op->getLoc(), type)
                                     .getOperation()
                               : memref::AllocaOp::create(b, op->getLoc(), type)
                                     .getOperation();
      replaceViews(op->getResult(0), retyped->getResult(0));
      op->erase();
    });
  });
}

LogicalResult mlirc::lowerDynamicSharedMemory(Operation *module,
                                              Operation *original) {
  WalkResult result = module->walk([&](gpu::GPUFuncOp kernel) {
    if (!kernel.isKernel())
      return WalkResult::advance();
    SmallVector<gpu::DynamicSharedMemoryOp> uses;
    kernel.walk([&](gpu::DynamicSharedMemoryOp op) { uses.push_back(op); });
    if (uses.empty())
      return WalkResult::advance();
    Type element;
    for (gpu::DynamicSharedMemoryOp op : uses) {
      Type viewed = getViewedType(op.getResult());
      if (!viewed || (element && viewed != element)) {
        op.emitError("gpu.dynamic_shared_memory can be compiled for the "
                     "Vulkan target only read through memref.views of "
                     "loads and stores, of element types of one width (a "
                     "shader's workgroup array has one element type)");
        return WalkResult::interrupt();
      }
      element = viewed;
    }
    OpBuilder b(&kernel.getBody().front(), kernel.getBody().front().begin());
    auto space = cast<MemRefType>(uses.front().getType()).getMemorySpace();
    auto type = MemRefType::get({mlirc::dynamicSharedMarker}, element,
                                MemRefLayoutAttrInterface(), space);
    Value array = memref::AllocOp::create(b, kernel.getLoc(), type);
    for (gpu::DynamicSharedMemoryOp op : uses) {
      replaceViews(op.getResult(), array);
      op.erase();
    }
    auto bytes = b.getI32IntegerAttr(element.getIntOrFloatBitWidth() / 8);
    kernel->setAttr("mlirc.dynamic_shared_bytes", bytes);
    if (Operation *same = SymbolTable::lookupSymbolIn(
            original, kernel.getNameAttr()))
      same->setAttr("mlirc.dynamic_shared_bytes", bytes);
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

namespace {

/// An access through a reinterpret_cast of a 1-D buffer of identity
/// layout, as an access of the buffer: \p memrefIndex is the operand of
/// the memref, the indices follow it.
template <typename AccessOp>
struct AccessOfReinterpretCast : public OpRewritePattern<AccessOp> {
  AccessOfReinterpretCast(MLIRContext *context, unsigned memrefIndex,
                          bool contiguous)
      : OpRewritePattern<AccessOp>(context), memrefIndex(memrefIndex),
        contiguous(contiguous) {}

  LogicalResult matchAndRewrite(AccessOp op,
                                PatternRewriter &rewriter) const override {
    auto cast = op->getOperand(memrefIndex)
                    .template getDefiningOp<memref::ReinterpretCastOp>();
    if (!cast)
      return failure();
    auto source = dyn_cast<MemRefType>(cast.getSource().getType());
    if (!source || source.getRank() != 1 || !source.getLayout().isIdentity())
      return failure();
    SmallVector<OpFoldResult> strides = cast.getMixedStrides();
    unsigned rank = strides.size();
    if (contiguous && rank &&
        getConstantIntValue(strides.back()) != std::optional<int64_t>(1))
      return failure();
    Location loc = op.getLoc();
    Value linear = getValueOrCreateConstantIndexOp(
        rewriter, loc, cast.getMixedOffsets().front());
    for (unsigned i = 0; i < rank; ++i) {
      Value index = op->getOperand(memrefIndex + 1 + i);
      Value stride = getValueOrCreateConstantIndexOp(rewriter, loc, strides[i]);
      linear = arith::AddIOp::create(
          rewriter, loc, linear,
          arith::MulIOp::create(rewriter, loc, index, stride));
    }
    SmallVector<Value> operands(op->getOperands());
    operands.erase(operands.begin() + memrefIndex,
                   operands.begin() + memrefIndex + 1 + rank);
    operands.insert(operands.begin() + memrefIndex,
                    {cast.getSource(), linear});
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(operands); });
    return success();
  }

  unsigned memrefIndex;
  bool contiguous;
};

/// A load or store through a memref.transpose, as one of its source at
/// the permuted indices.
template <typename AccessOp>
struct AccessOfTranspose : public OpRewritePattern<AccessOp> {
  AccessOfTranspose(MLIRContext *context, unsigned memrefIndex)
      : OpRewritePattern<AccessOp>(context), memrefIndex(memrefIndex) {}

  LogicalResult matchAndRewrite(AccessOp op,
                                PatternRewriter &rewriter) const override {
    auto transpose =
        op->getOperand(memrefIndex).template getDefiningOp<memref::TransposeOp>();
    if (!transpose)
      return failure();
    AffineMap permutation = transpose.getPermutation();
    unsigned rank = permutation.getNumResults();
    SmallVector<Value> operands(op->getOperands());
    SmallVector<Value> indices(rank);
    // Result dimension k is the source's dimension permutation(k).
    for (unsigned k = 0; k < rank; ++k)
      indices[permutation.getDimPosition(k)] = operands[memrefIndex + 1 + k];
    operands[memrefIndex] = transpose.getIn();
    llvm::copy(indices, operands.begin() + memrefIndex + 1);
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(operands); });
    return success();
  }

  unsigned memrefIndex;
};

/// A reinterpret_cast takes only its source's base: one of a view (a
/// subview, cast or reinterpret_cast, or the base buffer extracted from
/// one) as a cast of the memref of identity layout the view is of, which
/// starts at that base: a storage buffer the cast's accesses fold into.
struct CastOfView : public OpRewritePattern<memref::ReinterpretCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::ReinterpretCastOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getSource();
    while (true) {
      // A base buffer is a 0-D memref of identity layout, not a buffer.
      Operation *view = source.getDefiningOp();
      if (auto metadata =
              dyn_cast_or_null<memref::ExtractStridedMetadataOp>(view)) {
        source = metadata.getSource();
        continue;
      }
      auto ranked = dyn_cast<MemRefType>(source.getType());
      if (ranked && ranked.getLayout().isIdentity())
        break;
      if (!isa_and_nonnull<memref::SubViewOp, memref::CastOp,
                           memref::ReinterpretCastOp>(view))
        return failure();
      source = view->getOperand(0);
    }
    if (source == op.getSource())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getSourceMutable().assign(source); });
    return success();
  }
};

} // namespace

void mlirc::populateFoldReinterpretCastPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<CastOfView>(context);
  // Operand order: load (memref, indices); store (value, memref, indices);
  // the vector ops (base, indices, then mask and values).
  patterns.add<AccessOfTranspose<memref::LoadOp>>(context, 0);
  patterns.add<AccessOfTranspose<memref::StoreOp>>(context, 1);
  patterns.add<AccessOfReinterpretCast<memref::LoadOp>>(context, 0, false);
  patterns.add<AccessOfReinterpretCast<memref::StoreOp>>(context, 1, false);
  patterns.add<AccessOfReinterpretCast<vector::LoadOp>>(context, 0, true);
  patterns.add<AccessOfReinterpretCast<vector::StoreOp>>(context, 1, true);
  patterns.add<AccessOfReinterpretCast<vector::MaskedLoadOp>>(context, 0,
                                                              true);
  patterns.add<AccessOfReinterpretCast<vector::MaskedStoreOp>>(context, 0,
                                                               true);
  patterns.add<AccessOfReinterpretCast<vector::ExpandLoadOp>>(context, 0,
                                                              true);
  patterns.add<AccessOfReinterpretCast<vector::CompressStoreOp>>(context, 0,
                                                                 true);
}
