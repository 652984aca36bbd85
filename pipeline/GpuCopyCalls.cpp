//===- GpuCopyCalls.cpp - gpu.memcpy and gpu.memset at any offset ---------===//

#include "pipeline/GpuCopyCalls.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

bool mlirc::isContiguousRowMajor(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  ArrayRef<int64_t> shape = type.getShape();
  // From the innermost dimension out, each stride is the product of the
  // sizes inside it; a dimension of one element may have any stride.
  int64_t expected = 1;
  for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
    if (shape[dim] == 1)
      continue;
    if (strides[dim] != expected)
      return false;
    if (ShapedType::isDynamic(shape[dim]))
      return llvm::all_of(shape.take_front(dim),
                          [](int64_t size) { return size == 1; });
    expected *= shape[dim];
  }
  return true;
}

namespace {

/// Replaces \p op, on \p stream, by a call of the runtime function \p name
/// with \p args and the stream, declaring the function once per module.
void replaceByCall(Operation *op, StringRef name, SmallVector<Value> args,
                   Value stream, ConversionPatternRewriter &rewriter) {
  args.push_back(stream);
  auto module = op->getParentOfType<ModuleOp>();
  auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!callee) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(rewriter.getContext()),
        llvm::to_vector(ValueRange(args).getTypes()));
    callee = LLVM::LLVMFuncOp::create(rewriter, op->getLoc(), name, type);
  }
  LLVM::CallOp::create(rewriter, op->getLoc(), callee, args);
  rewriter.replaceOp(op, stream);
}

/// Where the memref \p converted of \p type starts, as a pointer of the
/// default address space (what the runtime takes).
Value getStart(Location loc, Value converted, MemRefType type,
               const LLVMTypeConverter &converter,
               ConversionPatternRewriter &rewriter) {
  Value start =
      MemRefDescriptor(converted).bufferPtr(rewriter, loc, converter, type);
  auto pointer = LLVM::LLVMPointerType::get(rewriter.getContext());
  if (start.getType() != pointer)
    start = LLVM::AddrSpaceCastOp::create(rewriter, loc, pointer, start);
  return start;
}

/// The number of elements of the memref \p converted of rank \p rank.
Value getElementCount(Location loc, Value converted, int64_t rank,
                      Type indexType, ConversionPatternRewriter &rewriter) {
  MemRefDescriptor descriptor(converted);
  Value count = LLVM::ConstantOp::create(rewriter, loc, indexType,
                                         rewriter.getIntegerAttr(indexType, 1));
  for (int64_t dim = 0; dim < rank; ++dim)
    count = LLVM::MulOp::create(rewriter, loc, count,
                                descriptor.size(rewriter, loc, dim));
  return count;
}

/// Whether \p op runs on the stream of its one dependency, as the async
/// conversion leaves every transfer of host code.
bool isOnOneStream(gpu::AsyncOpInterface op) {
  return op.getAsyncToken() && op.getAsyncDependencies().size() == 1;
}

struct MemcpyCall : public ConvertOpToLLVMPattern<gpu::MemcpyOp> {
  MemcpyCall(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(gpu::MemcpyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<MemRefType>(op.getSrc().getType());
    auto dstType = cast<MemRefType>(op.getDst().getType());
    if (!isOnOneStream(op) || !mlirc::isContiguousRowMajor(srcType) ||
        !mlirc::isContiguousRowMajor(dstType) ||
        !isa<LLVM::LLVMStructType>(adaptor.getSrc().getType()) ||
        !isa<LLVM::LLVMStructType>(adaptor.getDst().getType()))
      return failure();
    Location loc = op.getLoc();
    Type indexType = getIndexType();
    Value count = getElementCount(loc, adaptor.getSrc(), srcType.getRank(),
                                  indexType, rewriter);
    Value bytes = LLVM::MulOp::create(
        rewriter, loc, count,
        getSizeInBytes(loc, srcType.getElementType(), rewriter));
    Value src =
        getStart(loc, adaptor.getSrc(), srcType, *getTypeConverter(), rewriter);
    Value dst =
        getStart(loc, adaptor.getDst(), dstType, *getTypeConverter(), rewriter);
    replaceByCall(op, "mgpuMemcpy", {dst, src, bytes},
                  adaptor.getAsyncDependencies().front(), rewriter);
    return success();
  }
};

struct MemsetCall : public ConvertOpToLLVMPattern<gpu::MemsetOp> {
  MemsetCall(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(gpu::MemsetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dstType = cast<MemRefType>(op.getDst().getType());
    Type valueType = adaptor.getValue().getType();
    // mlirc's runtime, as MLIR's, sets 16- and 32-bit elements.
    unsigned width =
        valueType.isIntOrFloat() ? valueType.getIntOrFloatBitWidth() : 0;
    if (!isOnOneStream(op) || (width != 16 && width != 32) ||
        !mlirc::isContiguousRowMajor(dstType) ||
        !isa<LLVM::LLVMStructType>(adaptor.getDst().getType()))
      return failure();
    Location loc = op.getLoc();
    Type indexType = getIndexType();
    Value count = getElementCount(loc, adaptor.getDst(), dstType.getRank(),
                                  indexType, rewriter);
    Value dst =
        getStart(loc, adaptor.getDst(), dstType, *getTypeConverter(), rewriter);
    Type bits = rewriter.getIntegerType(width);
    Value value =
        LLVM::BitcastOp::create(rewriter, loc, bits, adaptor.getValue());
    replaceByCall(op, width == 32 ? "mgpuMemset32" : "mgpuMemset16",
                  {dst, value, count}, adaptor.getAsyncDependencies().front(),
                  rewriter);
    return success();
  }
};

} // namespace

void mlirc::populateGpuCopyCallPatterns(const LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<MemcpyCall, MemsetCall>(converter);
}
