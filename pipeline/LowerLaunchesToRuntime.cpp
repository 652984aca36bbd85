//===- LowerLaunchesToRuntime.cpp - Launches through kernel handles -------===//
//
// After gpu-to-llvm, a gpu.launch_func has LLVM-typed operands and, when
// async, the stream it runs on. It becomes
//   mlircLaunchKernel(&handle, &ownHandle, name, gx, gy, gz, bx, by, bz, smem,
//                     stream, params)
// where `handle` is the host symbol the kernel's offload entry registers
// with the vendor runtime (the way clang's CUDA/HIP stubs work), `ownHandle`
// the one registered with the device code the object registers itself
// (compute_NN PTX, prebuilt device binaries), and params is the usual array
// of pointers to each argument. A null stream means a synchronous launch.
// A launch in thread block clusters calls mlircLaunchClusterKernel, with
// the cluster size before the grid size. A kernel that lost parameters it
// never reads (DropUnusedKernelArguments) gets only the others.
//
//===----------------------------------------------------------------------===//

#include "pipeline/KernelArguments.h"
#include "pipeline/KernelGlobals.h"
#include "pipeline/KernelHandle.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERLAUNCHESTORUNTIME
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

static constexpr StringLiteral launchFunctionName = "mlircLaunchKernel";
static constexpr StringLiteral clusterLaunchFunctionName =
    "mlircLaunchClusterKernel";

namespace {

struct LowerLaunchesToRuntimePass
    : public mlirc::impl::LowerLaunchesToRuntimeBase<
          LowerLaunchesToRuntimePass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }

  LLVM::LLVMFuncOp getLaunchFunction(Location loc, bool clusters) {
    ModuleOp module = getOperation();
    StringRef name = clusters ? clusterLaunchFunctionName : launchFunctionName;
    if (auto func = symbols->lookup<LLVM::LLVMFuncOp>(name))
      return func;
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    Type ptr = LLVM::LLVMPointerType::get(&getContext());
    Type i64 = b.getI64Type();
    SmallVector<Type> params = {ptr, ptr, ptr};
    params.append(clusters ? 9 : 6, i64);
    params.append({b.getI32Type(), ptr, ptr});
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(&getContext()), params);
    auto func = LLVM::LLVMFuncOp::create(b, loc, name, type);
    symbols->insert(func);
    return func;
  }

  static Value toI64(OpBuilder &b, Location loc, Value value) {
    Type i64 = b.getI64Type();
    if (value.getType() == i64)
      return value;
    auto width = cast<IntegerType>(value.getType()).getWidth();
    if (width < 64)
      return LLVM::ZExtOp::create(b, loc, i64, value);
    return LLVM::TruncOp::create(b, loc, i64, value);
  }

  LogicalResult lower(gpu::LaunchFuncOp launch) {
    Location loc = launch.getLoc();
    // An llvm.func, or an async.func or a func.func of async values, which
    // the async lowering makes an llvm.func later.
    auto func = launch->getParentOfType<FunctionOpInterface>();
    bool unlowered = !func;
    if (func)
      if (auto plain = dyn_cast<func::FuncOp>(func.getOperation()))
        unlowered = !mlirc::holdsAsyncType(plain.getFunctionType());
    if (unlowered)
      return launch.emitError("launch was not lowered to the LLVM dialect "
                              "(is it inside a func.func?)");
    for (Value operand : launch.getKernelOperands())
      if (!LLVM::isCompatibleType(operand.getType()))
        return launch.emitError("kernel operand of type ")
               << operand.getType() << " was not lowered to the LLVM dialect";

    StringRef kernel = launch.getKernelName().getValue();
    LLVM::GlobalOp handle =
        getOrCreateKernelHandle(*symbols, loc, getKernelHandleName(kernel));
    LLVM::GlobalOp ownHandle =
        getOrCreateKernelHandle(*symbols, loc, getKernelOwnHandleName(kernel));
    LLVM::GlobalOp name = getOrCreateKernelName(*symbols, loc, kernel);
    bool clusters = launch.hasClusterSize();
    LLVM::LLVMFuncOp launchFn = getLaunchFunction(loc, clusters);

    MLIRContext *ctx = &getContext();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    // The parameters' slots at the start of the function, or of the task
    // or parallel region (async.execute, omp.parallel, omp.task) that the
    // launch runs in: launches running at the same time each need their
    // own.
    Operation *scope = launch->getParentOp();
    while (!scope->hasTrait<OpTrait::AutomaticAllocationScope>() &&
           scope != func.getOperation())
      scope = scope->getParentOp();
    OpBuilder entry = OpBuilder::atBlockBegin(&scope->getRegion(0).front());
    Value one = LLVM::ConstantOp::create(entry, loc, entry.getI64Type(),
                                         entry.getI64IntegerAttr(1));
    SmallVector<Value> args(launch.getKernelOperands());
    auto passed = keptArguments
                      ? keptArguments.getAs<DenseBoolArrayAttr>(kernel)
                      : DenseBoolArrayAttr();
    if (passed) {
      if (passed.size() != static_cast<int64_t>(args.size()))
        return launch.emitError("kernel '")
               << kernel << "' takes " << passed.size()
               << " lowered arguments, the launch passes " << args.size();
      SmallVector<Value> kept;
      for (auto [arg, keep] : llvm::zip_equal(args, passed.asArrayRef()))
        if (keep)
          kept.push_back(arg);
      args = std::move(kept);
    }
    auto arrayType =
        LLVM::LLVMArrayType::get(ptr, std::max<size_t>(1, args.size()));
    Value params = LLVM::AllocaOp::create(entry, loc, ptr, arrayType, one);

    OpBuilder b(launch);
    for (auto [i, arg] : llvm::enumerate(args)) {
      Value slot = LLVM::AllocaOp::create(entry, loc, ptr, arg.getType(), one);
      LLVM::StoreOp::create(b, loc, arg, slot);
      Value element = LLVM::GEPOp::create(
          b, loc, ptr, arrayType, params,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(b, loc, slot, element);
    }

    Value smem = launch.getDynamicSharedMemorySize();
    if (!smem)
      smem = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                      b.getI32IntegerAttr(0));
    Value stream = launch.getAsyncObject();
    if (!stream)
      stream = LLVM::ZeroOp::create(b, loc, ptr);

    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    SmallVector<Value> operands = {LLVM::AddressOfOp::create(b, loc, handle),
                                   LLVM::AddressOfOp::create(b, loc, ownHandle),
                                   LLVM::AddressOfOp::create(b, loc, name)};
    if (clusters) {
      gpu::KernelDim3 cluster = launch.getClusterSizeOperandValues();
      operands.append({toI64(b, loc, cluster.x), toI64(b, loc, cluster.y),
                       toI64(b, loc, cluster.z)});
    }
    operands.append({toI64(b, loc, grid.x), toI64(b, loc, grid.y),
                     toI64(b, loc, grid.z), toI64(b, loc, block.x),
                     toI64(b, loc, block.y), toI64(b, loc, block.z), smem,
                     stream, params});
    LLVM::CallOp::create(b, loc, launchFn, operands);
    launch.erase();
    return success();
  }

  void runOnOperation() override {
    SymbolTable table(getOperation());
    symbols = &table;
    if (auto recorded = getOperation()->getAttrOfType<DictionaryAttr>(
            kernelArgumentsAttrName))
      keptArguments = recorded;
    getOperation()->removeAttr(kernelArgumentsAttrName);
    SmallVector<gpu::LaunchFuncOp> launches;
    getOperation().walk([&](gpu::LaunchFuncOp op) { launches.push_back(op); });
    for (gpu::LaunchFuncOp launch : launches)
      if (failed(lower(launch)))
        return signalPassFailure();
    // The objects travel as offload images; the binaries themselves are not
    // translated.
    for (auto binary :
         llvm::make_early_inc_range(getOperation().getOps<gpu::BinaryOp>()))
      binary.erase();
    // Left only for the launches' verifier when the host target compiled
    // the kernels.
    for (auto gpuModule :
         llvm::make_early_inc_range(getOperation().getOps<gpu::GPUModuleOp>()))
      gpuModule.erase();
    getOperation()->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }

  /// The parameters each pruned kernel still takes (KernelArguments.h).
  DictionaryAttr keptArguments;
  /// The module's, while the pass runs.
  SymbolTable *symbols = nullptr;
};

} // namespace
