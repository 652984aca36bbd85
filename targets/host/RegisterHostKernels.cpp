//===- RegisterHostKernels.cpp - Host kernels known to the runtime --------===//
//
// After host lowering, each block function @__mlirc_host.K gets an entry
//   void __mlirc_host_entry.K(void **params, void *ctx, void *shared,
//                             int64_t sharedBytes)
// that unpacks the launch's argument array (the same array a GPU launch
// passes) into the block function's lowered arguments. A global constructor
// per kernel registers its entry with the runtime under the kernel's host
// handle, the address launches name, with the size of each argument so that
// an async launch can copy them before the caller reuses their storage,
// and whether one call may run several consecutive blocks in x and the grid
// is best run row by row.
// One constructor per kernel, not one for all: nothing then ties the
// kernels together, and the host module splits between them for parallel
// code generation (HostPartitions.h).
//
//===----------------------------------------------------------------------===//

#include "pipeline/KernelGlobals.h"
#include "pipeline/KernelHandle.h"
#include "targets/host/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_REGISTERHOSTKERNELS
#include "targets/host/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

namespace {

struct RegisterHostKernelsPass
    : public mlirc::impl::RegisterHostKernelsBase<RegisterHostKernelsPass> {
  /// The entry that unpacks the launch arguments for \p blockFn.
  LLVM::LLVMFuncOp createEntry(OpBuilder &b, LLVM::LLVMFuncOp blockFn,
                               StringRef kernel) {
    Location loc = blockFn.getLoc();
    MLIRContext *context = &getContext();
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type i64 = b.getI64Type();
    auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                            {ptr, ptr, ptr, i64});
    auto entry =
        LLVM::LLVMFuncOp::create(b, loc, ("__mlirc_host_entry." + kernel).str(),
                                 type, LLVM::Linkage::Internal);
    Block *block = entry.addEntryBlock(b);
    OpBuilder eb = OpBuilder::atBlockEnd(block);
    Value params = block->getArgument(0);
    Value shared = block->getArgument(2);
    auto i64Const = [&](int64_t v) {
      return LLVM::ConstantOp::create(eb, loc, i64, eb.getI64IntegerAttr(v));
    };
    // The block function takes the context, then the dynamic shared memory
    // as a memref descriptor (allocated, aligned, offset, size, stride),
    // then the kernel's own arguments.
    SmallVector<Value> args = {
        block->getArgument(1), shared,     shared, i64Const(0),
        block->getArgument(3), i64Const(1)};
    ArrayRef<Type> argTypes = blockFn.getFunctionType().getParams();
    for (auto [i, argType] : llvm::enumerate(argTypes.drop_front(6))) {
      Value slotAddress =
          LLVM::GEPOp::create(eb, loc, ptr, ptr, params,
                              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      Value slot = LLVM::LoadOp::create(eb, loc, ptr, slotAddress);
      args.push_back(LLVM::LoadOp::create(eb, loc, argType, slot));
    }
    LLVM::CallOp::create(eb, loc, blockFn, args);
    LLVM::ReturnOp::create(eb, loc, ValueRange());
    return entry;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<LLVM::LLVMFuncOp, StringRef>> blockFns;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      if (auto kernel = func->getAttrOfType<StringAttr>("mlirc.host_kernel"))
        blockFns.push_back({func, kernel.getValue()});
    if (blockFns.empty())
      return;

    MLIRContext *context = &getContext();
    Location loc = module.getLoc();
    Type ptr = LLVM::LLVMPointerType::get(context);
    auto voidType = LLVM::LLVMVoidType::get(context);
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());

    Type i32 = b.getI32Type();
    SymbolTable symbols(module);
    auto registerFn =
        symbols.lookup<LLVM::LLVMFuncOp>(hostKernelRegistrationFunction);
    if (!registerFn)
      registerFn = LLVM::LLVMFuncOp::create(
          b, loc, hostKernelRegistrationFunction,
          LLVM::LLVMFunctionType::get(voidType,
                                      {ptr, ptr, ptr, i32, ptr, i32}));
    DataLayout layout(module);
    SmallVector<Attribute> ctors;
    for (auto [blockFn, kernel] : blockFns) {
      blockFn.setLinkage(LLVM::Linkage::Internal);
      LLVM::LLVMFuncOp entry = createEntry(b, blockFn, kernel);
      LLVM::GlobalOp handle =
          getOrCreateKernelHandle(symbols, loc, getKernelHandleName(kernel));
      LLVM::GlobalOp name = getOrCreateKernelName(symbols, loc, kernel);
      SmallVector<int64_t> sizes;
      for (Type type : blockFn.getFunctionType().getParams().drop_front(6))
        sizes.push_back(layout.getTypeSize(type).getFixedValue());
      auto sizesType = LLVM::LLVMArrayType::get(b.getI64Type(), sizes.size());
      LLVM::GlobalOp sizesGlobal = LLVM::GlobalOp::create(
          b, loc, sizesType, /*isConstant=*/true, LLVM::Linkage::Internal,
          ("__mlirc_host_arg_sizes." + kernel).str(),
          sizes.empty() ? Attribute() : b.getI64TensorAttr(sizes));
      if (sizes.empty()) {
        // An empty array still needs an initializer.
        Block *init = new Block();
        sizesGlobal.getInitializerRegion().push_back(init);
        OpBuilder ib = OpBuilder::atBlockEnd(init);
        LLVM::ReturnOp::create(ib, loc,
                               LLVM::ZeroOp::create(ib, loc, sizesType));
      }
      auto ctor = LLVM::LLVMFuncOp::create(
          b, loc, ("__mlirc_register_host_kernel." + kernel).str(),
          LLVM::LLVMFunctionType::get(voidType, {}), LLVM::Linkage::Internal);
      OpBuilder cb = OpBuilder::atBlockEnd(ctor.addEntryBlock(b));
      Value count = LLVM::ConstantOp::create(
          cb, loc, i32,
          cb.getI32IntegerAttr(static_cast<int32_t>(sizes.size())));
      // Bit 0: one call may run several blocks in x; bit 1: the grid runs
      // row by row.
      int32_t flags = (blockFn->hasAttr(mergesBlocksInXAttr) ? 1 : 0) |
                      (blockFn->hasAttr(streamsAttr) ? 2 : 0);
      Value mergesBlocksInX =
          LLVM::ConstantOp::create(cb, loc, i32, cb.getI32IntegerAttr(flags));
      LLVM::CallOp::create(
          cb, loc, registerFn,
          ValueRange{LLVM::AddressOfOp::create(cb, loc, handle),
                     LLVM::AddressOfOp::create(cb, loc, ptr, entry.getName()),
                     LLVM::AddressOfOp::create(cb, loc, name), count,
                     LLVM::AddressOfOp::create(cb, loc, sizesGlobal),
                     mergesBlocksInX});
      LLVM::ReturnOp::create(cb, loc, ValueRange());
      ctors.push_back(FlatSymbolRefAttr::get(ctor));
    }
    SmallVector<int32_t> priorities(ctors.size(), 65535);
    SmallVector<Attribute> data(ctors.size(), LLVM::ZeroAttr::get(context));
    LLVM::GlobalCtorsOp::create(b, loc, b.getArrayAttr(ctors),
                                b.getI32ArrayAttr(priorities),
                                b.getArrayAttr(data));
  }
};

} // namespace
