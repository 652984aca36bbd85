//===- VectorPrintAsPrintf.cpp - vector.print in kernels as gpu.printf ----===//
//
// vector.print lowers to the CPU runner's print functions (printF32,
// printComma, ...), which no GPU links: in an NVIDIA or AMD kernel the
// calls reference nothing. The same text through one gpu.printf per op
// prints what the host target prints, each thread's line whole.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_VECTORPRINTASPRINTF
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// More elements than this in one vector.print would make a printf no GPU
/// runtime buffers.
constexpr int64_t maxElements = 1024;

/// Appends \p value (a scalar) to \p format and \p args as the runner's
/// print functions print it; fails for types they lack.
LogicalResult appendScalar(OpBuilder &b, Location loc, Value value,
                           std::string &format, SmallVector<Value> &args) {
  Type type = value.getType();
  Type i64 = b.getI64Type();
  if (isa<Float16Type, BFloat16Type, Float32Type>(type)) {
    args.push_back(arith::ExtFOp::create(b, loc, b.getF64Type(), value));
    format += "%g";
    return success();
  }
  if (type.isF64()) {
    args.push_back(value);
    format += "%g";
    return success();
  }
  if (type.isIndex()) {
    // Signed: the same bits where index is 64-bit, and right where it is
    // 32-bit (Vulkan).
    args.push_back(arith::IndexCastOp::create(b, loc, i64, value));
    format += "%llu";
    return success();
  }
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.getWidth() > 64)
    return failure();
  // i1 prints as 0 and 1, as the runner's zero extension makes it.
  bool isUnsigned = integer.isUnsigned() || integer.getWidth() == 1;
  if (integer.getWidth() < 64) {
    value = isUnsigned ? arith::ExtUIOp::create(b, loc, i64, value).getResult()
                       : arith::ExtSIOp::create(b, loc, i64, value).getResult();
  } else if (!integer.isSignless()) {
    value = arith::BitcastOp::create(b, loc, i64, value);
  }
  args.push_back(value);
  format += isUnsigned ? "%llu" : "%lld";
  return success();
}

/// Appends the elements of \p vector from dimension \p dim on, at
/// \p position, in the runner's nested "( a, b )".
LogicalResult appendVector(OpBuilder &b, Location loc, Value vector,
                           unsigned dim, SmallVector<int64_t> &position,
                           std::string &format, SmallVector<Value> &args) {
  auto type = cast<VectorType>(vector.getType());
  if (dim == type.getRank() && dim != 0)
    return appendScalar(b, loc,
                        vector::ExtractOp::create(b, loc, vector, position),
                        format, args);
  format += "( ";
  if (type.getRank() == 0) {
    if (failed(appendScalar(
            b, loc,
            vector::ExtractOp::create(b, loc, vector, ArrayRef<int64_t>{}),
            format, args)))
      return failure();
  } else {
    for (int64_t i = 0, e = type.getDimSize(dim); i < e; ++i) {
      if (i)
        format += ", ";
      position.push_back(i);
      if (failed(appendVector(b, loc, vector, dim + 1, position, format, args)))
        return failure();
      position.pop_back();
    }
  }
  format += " )";
  return success();
}

StringRef getPunctuation(vector::PrintPunctuation punctuation) {
  switch (punctuation) {
  case vector::PrintPunctuation::NewLine:
    return "\n";
  case vector::PrintPunctuation::Comma:
    return ", ";
  case vector::PrintPunctuation::Open:
    return "( ";
  case vector::PrintPunctuation::Close:
    return " )";
  case vector::PrintPunctuation::NoPunctuation:
    return "";
  }
  llvm_unreachable("unknown vector.print punctuation");
}

struct VectorPrintAsPrintfPass
    : public mlirc::impl::VectorPrintAsPrintfBase<VectorPrintAsPrintfPass> {
  void runOnOperation() override {
    SmallVector<vector::PrintOp> prints;
    getOperation().walk([&](vector::PrintOp op) { prints.push_back(op); });
    for (vector::PrintOp op : prints)
      if (failed(rewrite(op)))
        return signalPassFailure();
  }

  LogicalResult rewrite(vector::PrintOp op) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    std::string format;
    SmallVector<Value> args;
    // A string is printed as it is, without punctuation.
    if (std::optional<StringAttr> text = op.getStringLiteral()) {
      for (char c : text->getValue()) {
        format += c;
        if (c == '%')
          format += '%';
      }
      gpu::PrintfOp::create(b, loc, format, args);
      op.erase();
      return success();
    }
    if (Value source = op.getSource()) {
      auto vector = dyn_cast<VectorType>(source.getType());
      if (vector &&
          (vector.isScalable() || vector.getNumElements() > maxElements))
        return op.emitError("'vector.print' of ")
               << source.getType()
               << " cannot be compiled for GPU kernels: it prints through "
                  "printf, for fixed-size vectors of at most "
               << maxElements << " elements";
      SmallVector<int64_t> position;
      LogicalResult appended =
          vector ? appendVector(b, loc, source, 0, position, format, args)
                 : appendScalar(b, loc, source, format, args);
      if (failed(appended))
        return op.emitError("'vector.print' of ")
               << source.getType()
               << " cannot be compiled for GPU kernels: printf prints "
                  "floats of 16 to 64 bits, integers of up to 64 and index";
    }
    format += getPunctuation(op.getPunctuation());
    gpu::PrintfOp::create(b, loc, format, args);
    op.erase();
    return success();
  }
};

} // namespace
