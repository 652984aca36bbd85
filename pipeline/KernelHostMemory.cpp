//===- KernelHostMemory.cpp - Host memory for synchronous launches --------===//
//
// MLIR's programs launch kernels on memref.alloc memory (its Vulkan and
// SPIR-V runners allow it, and the host target runs them). A GPU that
// cannot read pageable memory faults on it. Each memref argument of a
// synchronous launch in host memory is handed to the runtime before the
// launch, as its aligned start and the bytes from there that its offset,
// sizes and strides reach, and released after it: the CUDA backend
// registers the pages the device cannot read for the launch (the same
// address then works on the device), the others do nothing.
//
//===----------------------------------------------------------------------===//

#include "pipeline/MemorySpaces.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlirc {
#define GEN_PASS_DEF_KERNELHOSTMEMORY
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

static constexpr StringLiteral beginName = "mlircKernelHostMemoryBegin";
static constexpr StringLiteral endName = "mlircKernelHostMemoryEnd";

namespace {

/// True when \p memref is a view of a gpu.alloc's memory.
bool isDeviceAllocation(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (isa<gpu::AllocOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    memref = view.getViewSource();
  }
  return false;
}

/// A kernel argument in memory the host may have allocated.
bool isHostArgument(Value operand) {
  auto type = dyn_cast<MemRefType>(operand.getType());
  return type &&
         mlirc::getGpuAddressSpace(type.getMemorySpace()) ==
             gpu::AddressSpace::Global &&
         !isDeviceAllocation(operand);
}

struct KernelHostMemoryPass
    : public mlirc::impl::KernelHostMemoryBase<KernelHostMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Each launch and where the kernel has ended: after the launch, or
    // after the host's wait for its token (mlirc makes launches async and
    // waits for them).
    SmallVector<std::pair<gpu::LaunchFuncOp, Operation *>> launches;
    module.walk([&](gpu::LaunchFuncOp launch) {
      if (llvm::none_of(launch.getKernelOperands(), isHostArgument))
        return;
      Value token = launch.getAsyncToken();
      if (!token) {
        launches.push_back({launch, launch});
        return;
      }
      for (Operation *user : token.getUsers())
        if (auto wait = dyn_cast<gpu::WaitOp>(user))
          if (!wait.getAsyncToken() && wait->getBlock() == launch->getBlock()) {
            launches.push_back({launch, wait});
            return;
          }
      // Otherwise the kernel may still run when the function returns; its
      // memory stays as it is.
    });
    if (launches.empty())
      return;
    SymbolTable symbols(module);
    MLIRContext *context = &getContext();
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type i64 = IntegerType::get(context, 64);
    func::FuncOp begin = declare(symbols, beginName,
                                 FunctionType::get(context, {ptr, i64}, {ptr}));
    func::FuncOp end =
        declare(symbols, endName, FunctionType::get(context, {ptr}, {}));
    for (auto [launch, ended] : launches) {
      OpBuilder b(launch);
      Location loc = launch.getLoc();
      SmallVector<Value> registrations;
      for (Value operand : launch.getKernelOperands()) {
        if (!isHostArgument(operand))
          continue;
        Value address = arith::IndexCastOp::create(
            b, loc, i64,
            memref::ExtractAlignedPointerAsIndexOp::create(b, loc, operand));
        Value start = LLVM::IntToPtrOp::create(b, loc, ptr, address);
        Value bytes = arith::IndexCastOp::create(b, loc, i64,
                                                 getSpanBytes(b, loc, operand));
        registrations.push_back(
            func::CallOp::create(b, loc, begin, ValueRange{start, bytes})
                .getResult(0));
      }
      b.setInsertionPointAfter(ended);
      for (Value registration : registrations)
        func::CallOp::create(b, loc, end, ValueRange{registration});
    }
  }

  /// The bytes from the aligned pointer that \p memref reaches: (offset +
  /// sum of (size - 1) * stride + 1) elements, none when a size is 0.
  Value getSpanBytes(OpBuilder &b, Location loc, Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value last = metadata.getOffset();
    Value empty = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    for (auto [size, stride] :
         llvm::zip(metadata.getSizes(), metadata.getStrides())) {
      Value steps = arith::SubIOp::create(b, loc, size, one);
      last = arith::AddIOp::create(
          b, loc, last, arith::MulIOp::create(b, loc, steps, stride));
      empty = arith::OrIOp::create(
          b, loc, empty,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, size, zero));
    }
    int64_t size =
        DataLayout::closest(getOperation()).getTypeSize(type.getElementType());
    Value elementBytes = arith::ConstantIndexOp::create(b, loc, size);
    Value bytes = arith::MulIOp::create(
        b, loc, arith::AddIOp::create(b, loc, last, one), elementBytes);
    return arith::SelectOp::create(b, loc, empty, zero, bytes);
  }

  func::FuncOp declare(SymbolTable &symbols, StringRef name,
                       FunctionType type) {
    if (auto func = symbols.lookup<func::FuncOp>(name))
      return func;
    OpBuilder b = OpBuilder::atBlockEnd(getOperation().getBody());
    auto func = func::FuncOp::create(b, getOperation().getLoc(), name, type);
    func.setPrivate();
    symbols.insert(func);
    return func;
  }
};

} // namespace
