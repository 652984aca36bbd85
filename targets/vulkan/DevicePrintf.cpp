//===- DevicePrintf.cpp - gpu.printf in Vulkan kernels --------------------===//

#include "targets/vulkan/DevicePrintf.h"
#include "pipeline/AssertLowering.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlirc;

namespace {

/// A gpu.printf argument as the words of its record, and its letter.
struct Words {
  SmallVector<Value, 2> values;
  char letter = 0;
};

/// The words \p value takes in a record; none (letter 0) for a type the
/// runtime does not print.
Words encode(OpBuilder &b, Location loc, Value value) {
  // Narrow integers as C passes them, as the other targets do.
  value = promotePrintfInteger(b, loc, value);
  Type type = value.getType();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Words words;
  auto split = [&](Value wide) {
    words.values.push_back(arith::TruncIOp::create(b, loc, i32, wide));
    Value high = arith::ShRUIOp::create(
        b, loc, wide, arith::ConstantIntOp::create(b, loc, i64, 32));
    words.values.push_back(arith::TruncIOp::create(b, loc, i32, high));
  };
  if (isa<IndexType>(type)) {
    // 32 bits on Vulkan.
    words.values.push_back(arith::IndexCastOp::create(b, loc, i32, value));
    words.letter = 'i';
  } else if (type.isInteger(32)) {
    words.values.push_back(value);
    words.letter = 'i';
  } else if (type.isInteger(64)) {
    split(value);
    words.letter = 'l';
  } else if (type.isF64()) {
    split(arith::BitcastOp::create(b, loc, i64, value));
    words.letter = 'd';
  } else if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() <= 32) {
    Value f32 = value;
    if (!type.isF32())
      f32 = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    words.values.push_back(arith::BitcastOp::create(b, loc, i32, f32));
    words.letter = 'f';
  }
  return words;
}

} // namespace

LogicalResult mlirc::lowerPrintfToBuffer(gpu::GPUModuleOp copy,
                                         gpu::GPUModuleOp original) {
  MLIRContext *context = copy.getContext();
  for (auto kernel : copy.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel())
      continue;
    if (failed(moveAssertsToFunctionBody(kernel, "the Vulkan target")))
      return failure();
    SmallVector<cf::AssertOp> asserts;
    kernel.walk([&](cf::AssertOp op) { asserts.push_back(op); });
    if (asserts.empty() &&
        !kernel.walk([](gpu::PrintfOp) { return WalkResult::interrupt(); })
             .wasInterrupted())
      continue;
    auto bufferType =
        MemRefType::get({printBufferWords}, IntegerType::get(context, 32));
    unsigned at = kernel.getNumArguments();
    (void)kernel.insertArgument(at, bufferType, DictionaryAttr(),
                                kernel.getLoc());
    Value buffer = kernel.getArgument(at);
    // A failing assert prints CUDA's message, raises the flag, and ends
    // its thread (the branch to the kernel's end becomes structured
    // control flow with the rest).
    for (cf::AssertOp op : asserts) {
      Location loc = op.getLoc();
      OpBuilder b = OpBuilder::atBlockEnd(branchOnAssert(op));
      printKernelAssertFailure(b, op, kernel.getName());
      memref::AtomicRMWOp::create(
          b, loc, arith::AtomicRMWKind::ori,
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1), buffer,
          ValueRange{arith::ConstantIndexOp::create(b, loc, 1)});
      gpu::ReturnOp::create(b, loc);
      op.erase();
    }
    SmallVector<gpu::PrintfOp> prints;
    kernel.walk([&](gpu::PrintfOp op) { prints.push_back(op); });
    SmallVector<Attribute> formats;
    for (gpu::PrintfOp op : prints) {
      Location loc = op.getLoc();
      OpBuilder b(op);
      SmallVector<Value> record;
      std::string letters;
      for (Value arg : op.getArgs()) {
        Words words = encode(b, loc, arg);
        if (!words.letter)
          return op.emitError("'gpu.printf' cannot print a value of type ")
                 << arg.getType()
                 << " on the Vulkan target: it prints integers of up to 64 "
                    "bits, index and floats of up to 64 bits";
        letters += words.letter;
        record.append(words.values.begin(), words.values.end());
      }
      formats.push_back(
          StringAttr::get(context, letters + ":" + op.getFormat().str()));
      Type i32 = b.getI32Type();
      int64_t size = 1 + static_cast<int64_t>(record.size());
      record.insert(record.begin(),
                    arith::ConstantIntOp::create(b, loc, i32, formats.size()));
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      // Once the buffer is full, no thread adds to its count any more: it
      // could wrap around to where records were.
      Value taken = memref::AtomicRMWOp::create(
          b, loc, arith::AtomicRMWKind::ori,
          arith::ConstantIntOp::create(b, loc, i32, 0), buffer, zero);
      Value room = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ult, taken,
          arith::ConstantIntOp::create(b, loc, i32, printBufferWords));
      scf::IfOp::create(b, loc, room, [&](OpBuilder &then, Location) {
        Value start = memref::AtomicRMWOp::create(
            then, loc, arith::AtomicRMWKind::addi,
            arith::ConstantIntOp::create(then, loc, i32, size), buffer, zero);
        // The record's words are start + 2 to start + size + 1.
        Value fits = arith::CmpIOp::create(
            then, loc, arith::CmpIPredicate::ule, start,
            arith::ConstantIntOp::create(then, loc, i32,
                                         printBufferWords - 2 - size));
        scf::IfOp::create(then, loc, fits, [&](OpBuilder &write, Location) {
          Value first = arith::IndexCastUIOp::create(
              write, loc, write.getIndexType(), start);
          for (auto [i, word] : llvm::enumerate(record)) {
            Value index = arith::AddIOp::create(
                write, loc, first,
                arith::ConstantIndexOp::create(write, loc, i + 2));
            memref::StoreOp::create(write, loc, word, buffer, index);
          }
          scf::YieldOp::create(write, loc);
        });
        scf::YieldOp::create(then, loc);
      });
      op.erase();
    }
    auto originalKernel =
        original.lookupSymbol<gpu::GPUFuncOp>(kernel.getNameAttr());
    if (originalKernel)
      originalKernel->setAttr(printFormatsAttr,
                              ArrayAttr::get(context, formats));
  }
  return success();
}
