//===- InstrumentUndefinedBehavior.cpp - -fsanitize=undefined for MLIR ----===//
//
// Before host code (the host target's kernels included) is lowered, every op
// whose result MLIR leaves undefined for some operands gets a check: integer
// division by zero (and of the smallest signed value by -1), shifts by the
// bit width or more, overflow of arith ops marked nsw/nuw, loads and stores
// outside their memref. A failed check calls UBSan's runtime, as clang's
// checks do, with the op's .mlir location and MLIR's type names, so the
// report reads `k.mlir:12:10: runtime error: division by zero`.
//
// The handler data follows UBSan's ABI: a SourceLocation {file, line,
// column}, writable (the runtime marks a reported one), then pointers to
// TypeDescriptors {u16 kind, u16 info, NUL-terminated name}.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

namespace mlirc {
#define GEN_PASS_DEF_INSTRUMENTUNDEFINEDBEHAVIOR
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

namespace {

/// UBSan's TypeDescriptor kinds.
enum : uint16_t { kIntegerKind = 0, kUnknownKind = 0xffff };

class Instrumenter {
public:
  Instrumenter(ModuleOp module, const UndefinedBehaviorChecks &checks)
      : module(module), checks(checks), i64(IntegerType::get(ctx(), 64)),
        ptr(LLVM::LLVMPointerType::get(ctx())) {}

  void instrument(Operation *op);

private:
  MLIRContext *ctx() { return module.getContext(); }

  void checkDivision(Operation *op, bool isSigned);
  void checkShift(Operation *op);
  void checkOverflow(Operation *op, StringRef kind);
  /// \p extents: the shape of a vector access, empty for one element.
  void checkBounds(Operation *op, Value memref, ValueRange indices,
                   ArrayRef<int64_t> extents);

  /// Calls \p handler with \p data and \p args (as UBSan value handles)
  /// when \p failed holds.
  void report(OpBuilder &b, Location loc, Value failed, StringRef handler,
              LLVM::GlobalOp data, ValueRange args);
  /// The handler data for \p loc: its SourceLocation and \p types.
  LLVM::GlobalOp getData(Location loc, ArrayRef<LLVM::GlobalOp> types);
  /// The TypeDescriptor of integer type \p type (index: 64 bits).
  LLVM::GlobalOp getIntegerType(Type type, bool isSigned);
  /// A TypeDescriptor that only names \p name.
  LLVM::GlobalOp getNamedType(StringRef name);
  LLVM::GlobalOp getBytes(StringRef prefix, StringRef bytes,
                          uint64_t alignment);
  LLVM::LLVMFuncOp getHandler(StringRef name, unsigned numArgs);
  /// \p value as an i64 (its bits, zero-extended).
  Value toI64(OpBuilder &b, Location loc, Value value);

  ModuleOp module;
  const UndefinedBehaviorChecks &checks;
  IntegerType i64;
  LLVM::LLVMPointerType ptr;
  llvm::StringMap<LLVM::GlobalOp> globals;
  unsigned numGlobals = 0;
};

} // namespace

/// The bit width UBSan can describe, or 0: powers of two up to 64 bits.
static unsigned getCheckedWidth(Type type) {
  if (type.isIndex())
    return 64;
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.getWidth() > 64 ||
      !llvm::isPowerOf2_32(integer.getWidth()))
    return 0;
  return integer.getWidth();
}

LLVM::GlobalOp Instrumenter::getBytes(StringRef prefix, StringRef bytes,
                                      uint64_t alignment) {
  std::string key = (prefix + ":" + bytes).str();
  LLVM::GlobalOp &global = globals[key];
  if (global)
    return global;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto type =
      LLVM::LLVMArrayType::get(IntegerType::get(ctx(), 8), bytes.size());
  global = LLVM::GlobalOp::create(
      b, module.getLoc(), type, /*isConstant=*/true, LLVM::Linkage::Internal,
      ("__mlirc_ubsan_" + prefix + "." + Twine(numGlobals++)).str(),
      b.getStringAttr(bytes), alignment);
  return global;
}

/// TypeDescriptor bytes: kind and info (little-endian u16s), then the name.
static std::string describeType(uint16_t kind, uint16_t info, StringRef name) {
  std::string bytes = {char(kind & 0xff), char(kind >> 8), char(info & 0xff),
                       char(info >> 8)};
  bytes += name;
  bytes.push_back('\0');
  return bytes;
}

LLVM::GlobalOp Instrumenter::getIntegerType(Type type, bool isSigned) {
  unsigned width = getCheckedWidth(type);
  uint16_t info = (llvm::Log2_32(width) << 1) | (isSigned ? 1 : 0);
  std::string name;
  llvm::raw_string_ostream(name) << type;
  return getBytes("type", describeType(kIntegerKind, info, name), 2);
}

LLVM::GlobalOp Instrumenter::getNamedType(StringRef name) {
  return getBytes("type", describeType(kUnknownKind, 0, name), 2);
}

LLVM::GlobalOp Instrumenter::getData(Location loc,
                                     ArrayRef<LLVM::GlobalOp> types) {
  // The .mlir position, also through fused and call-site locations.
  std::string file = "<unknown>";
  unsigned line = 0, column = 0;
  loc->walk([&](Location inner) {
    auto fileLoc = dyn_cast<FileLineColLoc>(inner);
    if (!fileLoc)
      return WalkResult::advance();
    file = fileLoc.getFilename().str();
    line = fileLoc.getLine();
    column = fileLoc.getColumn();
    return WalkResult::interrupt();
  });
  LLVM::GlobalOp fileName = getBytes("file", file + '\0', 1);

  // Never shared: the runtime reports each site once and marks it.
  SmallVector<Type> fields = {ptr, IntegerType::get(ctx(), 32),
                              IntegerType::get(ctx(), 32)};
  fields.append(types.size(), ptr);
  auto type = LLVM::LLVMStructType::getLiteral(ctx(), fields);
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto data = LLVM::GlobalOp::create(
      b, module.getLoc(), type, /*isConstant=*/false, LLVM::Linkage::Internal,
      ("__mlirc_ubsan_data." + Twine(numGlobals++)).str(), Attribute(),
      /*alignment=*/8);
  b.setInsertionPointToStart(b.createBlock(&data.getInitializerRegion()));
  Location at = module.getLoc();
  Value value = LLVM::UndefOp::create(b, at, type);
  SmallVector<Value> parts = {
      LLVM::AddressOfOp::create(b, at, fileName),
      LLVM::ConstantOp::create(b, at, b.getI32IntegerAttr(line)),
      LLVM::ConstantOp::create(b, at, b.getI32IntegerAttr(column))};
  for (LLVM::GlobalOp descriptor : types)
    parts.push_back(LLVM::AddressOfOp::create(b, at, descriptor));
  for (auto [index, part] : llvm::enumerate(parts))
    value = LLVM::InsertValueOp::create(b, at, value, part, index);
  LLVM::ReturnOp::create(b, at, value);
  return data;
}

LLVM::LLVMFuncOp Instrumenter::getHandler(StringRef name, unsigned numArgs) {
  std::string symbol = ("__ubsan_handle_" + name).str();
  if (!checks.recover)
    symbol += "_abort";
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol))
    return existing;
  SmallVector<Type> args = {ptr};
  args.append(numArgs, i64);
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  return LLVM::LLVMFuncOp::create(
      b, module.getLoc(), symbol,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx()), args));
}

Value Instrumenter::toI64(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isIndex())
    return arith::IndexCastUIOp::create(b, loc, i64, value);
  if (value.getType() == i64)
    return value;
  return arith::ExtUIOp::create(b, loc, i64, value);
}

void Instrumenter::report(OpBuilder &b, Location loc, Value failed,
                          StringRef handler, LLVM::GlobalOp data,
                          ValueRange args) {
  auto ifOp = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
  OpBuilder then = ifOp.getThenBodyBuilder();
  if (checks.trap) {
    LLVM::Trap::create(then, loc);
    return;
  }
  SmallVector<Value> operands = {LLVM::AddressOfOp::create(then, loc, data)};
  for (Value arg : args)
    operands.push_back(toI64(then, loc, arg));
  LLVM::CallOp::create(then, loc, getHandler(handler, args.size()), operands);
}

/// \p value compared with the constant \p constant of its type.
static Value isConstant(OpBuilder &b, Location loc, Value value,
                        const APInt &constant) {
  Type type = value.getType();
  TypedAttr attr = type.isIndex() ? b.getIndexAttr(constant.getSExtValue())
                                  : b.getIntegerAttr(type, constant);
  Value other = arith::ConstantOp::create(b, loc, type, attr);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, value, other);
}

void Instrumenter::checkDivision(Operation *op, bool isSigned) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type type = lhs.getType();
  unsigned width = getCheckedWidth(type);
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value failed = isConstant(b, loc, rhs, APInt::getZero(width));
  if (isSigned) {
    // The quotient of the smallest value by -1 does not fit either.
    Value overflows = arith::AndIOp::create(
        b, loc, isConstant(b, loc, lhs, APInt::getSignedMinValue(width)),
        isConstant(b, loc, rhs, APInt::getAllOnes(width)));
    failed = arith::OrIOp::create(b, loc, failed, overflows);
  }
  report(b, loc, failed, "divrem_overflow",
         getData(loc, {getIntegerType(type, isSigned)}), {lhs, rhs});
  // Going on after a report (-fsanitize-recover) divides by one rather than
  // trap: the result was undefined anyway.
  if (checks.recover && !checks.trap) {
    Value one =
        arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 1));
    op->setOperand(1, arith::SelectOp::create(b, loc, failed, one, rhs));
  }
}

void Instrumenter::checkShift(Operation *op) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type type = lhs.getType();
  unsigned width = getCheckedWidth(type);
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value bits =
      arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, width));
  Value failed =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, rhs, bits);
  bool isSigned = isa<arith::ShRSIOp>(op);
  report(b, loc, failed, "shift_out_of_bounds",
         getData(loc, {getIntegerType(type, isSigned),
                       getIntegerType(type, /*isSigned=*/false)}),
         {lhs, rhs});
}

void Instrumenter::checkOverflow(Operation *op, StringRef kind) {
  auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type type = lhs.getType();
  OpBuilder b(op);
  Location loc = op->getLoc();
  // Computed in i64 for index, which the extended multiplications lack.
  Type work = type.isIndex() ? Type(i64) : type;
  Value a = type.isIndex() ? arith::IndexCastOp::create(b, loc, i64, lhs) : lhs;
  Value c = type.isIndex() ? arith::IndexCastOp::create(b, loc, i64, rhs) : rhs;
  Value zero =
      arith::ConstantOp::create(b, loc, work, b.getIntegerAttr(work, 0));
  auto cmp = [&](arith::CmpIPredicate predicate, Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, predicate, x, y);
  };
  auto check = [&](bool isSigned, Value failed) {
    report(b, loc, failed, (kind + "_overflow").str(),
           getData(loc, {getIntegerType(type, isSigned)}), {lhs, rhs});
  };
  if (flags.hasNoSignedWrap()) {
    Value failed;
    if (kind == "mul") {
      auto product = arith::MulSIExtendedOp::create(b, loc, a, c);
      unsigned width = getCheckedWidth(type);
      Value shift = arith::ConstantOp::create(
          b, loc, work, b.getIntegerAttr(work, width - 1));
      Value sign = arith::ShRSIOp::create(b, loc, product.getLow(), shift);
      failed = cmp(arith::CmpIPredicate::ne, product.getHigh(), sign);
    } else {
      // The wrapped result's sign differs from what both operands (add) or
      // the minuend (sub) say.
      Value result = kind == "add" ? Value(arith::AddIOp::create(b, loc, a, c))
                                   : Value(arith::SubIOp::create(b, loc, a, c));
      Value x = arith::XOrIOp::create(b, loc, a, result);
      Value y = kind == "add" ? arith::XOrIOp::create(b, loc, c, result)
                              : arith::XOrIOp::create(b, loc, a, c);
      failed = cmp(arith::CmpIPredicate::slt,
                   arith::AndIOp::create(b, loc, x, y), zero);
    }
    check(/*isSigned=*/true, failed);
  }
  if (flags.hasNoUnsignedWrap()) {
    Value failed;
    if (kind == "mul") {
      auto product = arith::MulUIExtendedOp::create(b, loc, a, c);
      failed = cmp(arith::CmpIPredicate::ne, product.getHigh(), zero);
    } else if (kind == "add") {
      failed = cmp(arith::CmpIPredicate::ult,
                   arith::AddIOp::create(b, loc, a, c), a);
    } else {
      failed = cmp(arith::CmpIPredicate::ult, a, c);
    }
    check(/*isSigned=*/false, failed);
  }
}

void Instrumenter::checkBounds(Operation *op, Value memref, ValueRange indices,
                               ArrayRef<int64_t> extents) {
  auto type = cast<MemRefType>(memref.getType());
  OpBuilder b(op);
  Location loc = op->getLoc();
  std::string name;
  llvm::raw_string_ostream(name) << type;
  LLVM::GlobalOp indexType = getIntegerType(b.getIndexType(), true);
  // A vector access covers the trailing dimensions from its indices on.
  size_t firstVectorDim = type.getRank() - extents.size();
  for (auto [dim, index] : llvm::enumerate(indices)) {
    Value size = memref::DimOp::create(b, loc, memref, dim);
    Value failed =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, index, size);
    int64_t extent = dim >= firstVectorDim ? extents[dim - firstVectorDim] : 1;
    if (extent > 1) {
      Value left = arith::SubIOp::create(b, loc, size, index);
      Value count = arith::ConstantIndexOp::create(b, loc, extent);
      failed = arith::OrIOp::create(
          b, loc, failed,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, left,
                                count));
    }
    std::string described = name;
    if (type.getRank() > 1)
      described += " (dimension " + std::to_string(dim) + ")";
    report(b, loc, failed, "out_of_bounds",
           getData(loc, {getNamedType(described), indexType}), {index});
  }
}

void Instrumenter::instrument(Operation *op) {
  if (op->getNumOperands() == 2 && op->getNumResults() == 1 &&
      getCheckedWidth(op->getOperand(1).getType())) {
    if (checks.divideByZero) {
      if (isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
              arith::FloorDivSIOp>(op))
        return checkDivision(op, /*isSigned=*/true);
      if (isa<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp>(op))
        return checkDivision(op, /*isSigned=*/false);
    }
    if (checks.shift && isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op))
      return checkShift(op);
    auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op);
    bool flagged =
        flags && ((checks.signedOverflow && flags.hasNoSignedWrap()) ||
                  (checks.unsignedOverflow && flags.hasNoUnsignedWrap()));
    if (flagged) {
      if (isa<arith::AddIOp>(op))
        return checkOverflow(op, "add");
      if (isa<arith::SubIOp>(op))
        return checkOverflow(op, "sub");
      if (isa<arith::MulIOp>(op))
        return checkOverflow(op, "mul");
    }
  }
  if (!checks.bounds)
    return;
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return checkBounds(op, load.getMemRef(), load.getIndices(), {});
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return checkBounds(op, store.getMemRef(), store.getIndices(), {});
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return checkBounds(op, load.getBase(), load.getIndices(),
                       load.getVectorType().getShape());
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return checkBounds(op, store.getBase(), store.getIndices(),
                       store.getVectorType().getShape());
}

namespace {

struct InstrumentUndefinedBehaviorPass
    : public mlirc::impl::InstrumentUndefinedBehaviorBase<
          InstrumentUndefinedBehaviorPass> {
  using Base::Base;

  /// The checks the options name; false after an error for an unknown one.
  bool getChecks(UndefinedBehaviorChecks &checks) {
    checks.recover = recover;
    checks.trap = trap;
    for (const std::string &name : checkNames) {
      const auto *known =
          llvm::find_if(undefinedBehaviorCheckNames,
                        [&](const UndefinedBehaviorCheckName &check) {
                          return name == check.name;
                        });
      if (known == std::end(undefinedBehaviorCheckNames)) {
        emitError(getOperation().getLoc())
            << "unknown check '" << name << "' in the checks of "
            << getArgument()
            << "; expected integer-divide-by-zero, shift, "
               "signed-integer-overflow, unsigned-integer-overflow or bounds";
        return false;
      }
      checks.*known->check = true;
    }
    return true;
  }

  void runOnOperation() override {
    UndefinedBehaviorChecks checks;
    if (!getChecks(checks))
      return signalPassFailure();
    SmallVector<Operation *> ops;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      // GPU code has no UBSan runtime: only the host's is checked.
      if (isa<gpu::GPUModuleOp, gpu::BinaryOp>(op))
        return WalkResult::skip();
      ops.push_back(op);
      return WalkResult::advance();
    });
    Instrumenter instrumenter(getOperation(), checks);
    for (Operation *op : ops)
      instrumenter.instrument(op);
  }
};

} // namespace

std::unique_ptr<Pass>
mlirc::createInstrumentUndefinedBehaviorPass(UndefinedBehaviorChecks checks) {
  InstrumentUndefinedBehaviorOptions options;
  for (const UndefinedBehaviorCheckName &check : undefinedBehaviorCheckNames)
    if (checks.*check.check)
      options.checkNames.push_back(check.name);
  options.recover = checks.recover;
  options.trap = checks.trap;
  return createInstrumentUndefinedBehavior(std::move(options));
}
