//===- LaunchBounds.cpp - Each kernel's block size, and launches kept to it
//===//
//
// A backend that knows how many threads a block has allocates registers
// for that many (more per thread when the block is small), and MLIR folds
// gpu.block_dim to the constant. So a kernel gets known_block_size when
// every launch of it in the module has the same constant size (MLIR's
// outlining already sets it for gpu.launch), and the
// --gpu-max-threads-per-block bound otherwise. A launch that breaks the
// bound would be undefined behaviour on the GPU (gpu.block_dim folded to
// another size): with constant sizes it is an error here, with sizes known
// only at run time the launch first calls mlircCheckLaunchBounds, which
// ends the program naming the kernel. The grid likewise gets
// known_grid_size when every launch has the same constant one: block ids
// are then bounded, and index arithmetic on them can be narrowed.
//
//===----------------------------------------------------------------------===//

#include "pipeline/KernelGlobals.h"
#include "pipeline/KernelSourceName.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlirc {
#define GEN_PASS_DEF_LAUNCHBOUNDS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

static constexpr StringLiteral checkFunctionName = "mlircCheckLaunchBounds";
static constexpr StringLiteral maxThreadsAttrName =
    "mlirc.max_threads_per_block";

namespace {

/// The value of \p value if it is a constant, or provably equal to one
/// (MLIR's value bounds: memref.dim of a static shape seen through casts,
/// arithmetic on constants), as launches computed from a buffer's size are.
std::optional<int64_t> getConstantValue(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  if (!value.getType().isIndex())
    return std::nullopt;
  FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::EQ, ValueBoundsConstraintSet::Variable(value));
  if (failed(bound))
    return std::nullopt;
  return *bound;
}

/// The three sizes of \p dims, if all are constants.
std::optional<std::array<int64_t, 3>> getConstantSizes(gpu::KernelDim3 dims) {
  std::array<int64_t, 3> sizes;
  Value values[] = {dims.x, dims.y, dims.z};
  for (int i = 0; i < 3; ++i) {
    std::optional<int64_t> constant = getConstantValue(values[i]);
    if (!constant)
      return std::nullopt;
    sizes[i] = *constant;
  }
  return sizes;
}

std::optional<std::array<int64_t, 3>> getConstantBlock(gpu::LaunchFuncOp op) {
  return getConstantSizes(op.getBlockSizeOperandValues());
}

std::optional<std::array<int64_t, 3>> getConstantGrid(gpu::LaunchFuncOp op) {
  return getConstantSizes(op.getGridSizeOperandValues());
}

/// The size every one of \p launches has, if they share a constant one
/// that fits in 32 bits.
std::optional<std::array<int64_t, 3>> getCommonSize(
    ArrayRef<gpu::LaunchFuncOp> launches,
    function_ref<std::optional<std::array<int64_t, 3>>(gpu::LaunchFuncOp)>
        getSize) {
  std::optional<std::array<int64_t, 3>> common = getSize(launches.front());
  for (gpu::LaunchFuncOp launch : launches.drop_front())
    if (common && getSize(launch) != common)
      common.reset();
  if (common && llvm::all_of(*common, [](int64_t size) {
        return size > 0 && size <= std::numeric_limits<int32_t>::max();
      }))
    return common;
  return std::nullopt;
}

DenseI32ArrayAttr getSizeAttr(MLIRContext *context,
                              const std::array<int64_t, 3> &sizes) {
  return DenseI32ArrayAttr::get(
      context, {int32_t(sizes[0]), int32_t(sizes[1]), int32_t(sizes[2])});
}

struct LaunchBoundsPass
    : public mlirc::impl::LaunchBoundsBase<LaunchBoundsPass> {
  using LaunchBoundsBase::LaunchBoundsBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<LLVM::LLVMDialect, func::FuncDialect, arith::ArithDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable table(module);
    symbols = &table;
    // Each kernel's launches.
    llvm::MapVector<gpu::GPUFuncOp, SmallVector<gpu::LaunchFuncOp>> launches;
    // Cached tables: one lookup per launch stays constant time.
    SymbolTableCollection tables;
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto kernel = tables.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (kernel)
        launches[kernel].push_back(launch);
    });
    for (auto &[kernel, its] : launches) {
      bound(kernel, its);
      for (gpu::LaunchFuncOp launch : its)
        if (failed(check(kernel, launch)))
          return signalPassFailure();
    }
  }

  /// Gives \p kernel its known block size or the --gpu-max-threads-per-block
  /// bound, and its known grid size when every launch has the same.
  void bound(gpu::GPUFuncOp kernel, ArrayRef<gpu::LaunchFuncOp> launches) {
    if (!kernel.getKnownGridSize())
      if (std::optional<std::array<int64_t, 3>> grid =
              getCommonSize(launches, getConstantGrid))
        kernel.setKnownGridSizeAttr(getSizeAttr(&getContext(), *grid));
    if (kernel.getKnownBlockSize())
      return;
    std::optional<std::array<int64_t, 3>> common =
        getCommonSize(launches, getConstantBlock);
    if (common &&
        llvm::all_of(*common, [](int64_t size) { return size <= 1024; })) {
      kernel.setKnownBlockSizeAttr(getSizeAttr(&getContext(), *common));
      return;
    }
    if (maxThreadsPerBlock > 0)
      kernel->setAttr(maxThreadsAttrName,
                      IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                       maxThreadsPerBlock));
  }

  LogicalResult check(gpu::GPUFuncOp kernel, gpu::LaunchFuncOp launch) {
    if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownGridSize())
      if (std::optional<std::array<int64_t, 3>> grid = getConstantGrid(launch))
        if (!llvm::equal(*grid, *known))
          return launch.emitError("launch of kernel '")
                 << mlirc::getSourceKernelName(kernel) << "' with "
                 << (*grid)[0] << "x" << (*grid)[1] << "x" << (*grid)[2]
                 << " blocks; it is compiled for exactly " << (*known)[0] << "x"
                 << (*known)[1] << "x" << (*known)[2] << " (known_grid_size)";
    std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize();
    auto maxAttr = kernel->getAttrOfType<IntegerAttr>(maxThreadsAttrName);
    if (!known && !maxAttr)
      return success();
    if (std::optional<std::array<int64_t, 3>> block =
            getConstantBlock(launch)) {
      auto &[x, y, z] = *block;
      if (known && (x != (*known)[0] || y != (*known)[1] || z != (*known)[2]))
        return launch.emitError("launch of kernel '")
               << mlirc::getSourceKernelName(kernel) << "' with " << x << "x"
               << y << "x" << z
               << " threads per block; it is compiled for exactly "
               << (*known)[0] << "x" << (*known)[1] << "x" << (*known)[2]
               << " (known_block_size)";
      if (maxAttr && x * y * z > maxAttr.getInt())
        return launch.emitError("launch of kernel '")
               << mlirc::getSourceKernelName(kernel) << "' with " << x * y * z
               << " threads per block; it is compiled for at most "
               << maxAttr.getInt() << " (--gpu-max-threads-per-block)";
      return success();
    }
    // Sizes known at run time: the runtime checks them.
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Type i64 = b.getI64Type();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
    };
    auto asI64 = [&](Value value) -> Value {
      if (value.getType().isIndex())
        return arith::IndexCastOp::create(b, loc, i64, value);
      if (value.getType() == i64)
        return value;
      return arith::ExtUIOp::create(b, loc, i64, value);
    };
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    LLVM::GlobalOp name =
        mlirc::getOrCreateKernelName(*symbols, loc, launch.getKernelName());
    SmallVector<Value> args = {LLVM::AddressOfOp::create(b, loc, name),
                               asI64(block.x), asI64(block.y), asI64(block.z)};
    for (int i = 0; i < 3; ++i)
      args.push_back(constant(known ? (*known)[i] : 0));
    args.push_back(constant(maxAttr ? maxAttr.getInt() : 0));
    func::CallOp::create(b, loc, getCheckFunction(loc), args);
    return success();
  }

  func::FuncOp getCheckFunction(Location loc) {
    if (auto func = symbols->lookup<func::FuncOp>(checkFunctionName))
      return func;
    ModuleOp module = getOperation();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    Type i64 = b.getI64Type();
    SmallVector<Type> params = {LLVM::LLVMPointerType::get(&getContext())};
    params.append(7, i64);
    auto func = func::FuncOp::create(b, loc, checkFunctionName,
                                     b.getFunctionType(params, {}));
    func.setPrivate();
    symbols->insert(func);
    return func;
  }

  SymbolTable *symbols = nullptr;
};

} // namespace
