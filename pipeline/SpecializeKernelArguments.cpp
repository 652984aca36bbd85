//===- SpecializeKernelArguments.cpp - What every launch passes, in kernels ===//
//
// Programs written for MLIR's runners pass buffers as memref.cast of a
// static shape to a dynamic one (memref<2x4x13xf32> to memref<?x?x?xf32>),
// and launches may pass the same constant to a kernel everywhere. The
// kernel sees neither: its loads compute addresses from strides it takes
// as arguments, its loops have bounds it cannot fold. When every launch of
// a kernel in the module passes a cast from the same static type, the
// kernel takes that type (and casts it back inside, which folds into its
// uses); when every launch passes the same constant scalar, the kernel
// uses the constant. The kernel's name is the program's own, and the
// launches are its only users, so its signature is free to change.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

namespace mlirc {
#define GEN_PASS_DEF_SPECIALIZEKERNELARGUMENTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The static type every launch's operand \p index is cast from, if they
/// all are casts from one.
MemRefType getCommonCastSource(ArrayRef<gpu::LaunchFuncOp> launches,
                               unsigned index) {
  MemRefType common;
  for (gpu::LaunchFuncOp launch : launches) {
    auto cast =
        launch.getKernelOperands()[index].getDefiningOp<memref::CastOp>();
    if (!cast)
      return nullptr;
    auto source = dyn_cast<MemRefType>(cast.getSource().getType());
    if (!source || !source.hasStaticShape() ||
        (common && common != source))
      return nullptr;
    common = source;
  }
  return common;
}

/// The constant every launch passes as operand \p index, if they agree.
Attribute getCommonConstant(ArrayRef<gpu::LaunchFuncOp> launches,
                            unsigned index) {
  Attribute common;
  for (gpu::LaunchFuncOp launch : launches) {
    Attribute value;
    if (!matchPattern(launch.getKernelOperands()[index], m_Constant(&value)) ||
        !isa<IntegerAttr, FloatAttr>(value) || (common && common != value))
      return nullptr;
    common = value;
  }
  return common;
}

void specialize(gpu::GPUFuncOp kernel, ArrayRef<gpu::LaunchFuncOp> launches) {
  Block &entry = kernel.getBody().front();
  OpBuilder builder(&entry, entry.begin());
  SmallVector<Type> inputs(kernel.getArgumentTypes());
  bool retyped = false;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    BlockArgument argument = kernel.getArgument(i);
    if (argument.use_empty())
      continue;
    Location loc = argument.getLoc();
    if (isa<MemRefType>(argument.getType())) {
      MemRefType source = getCommonCastSource(launches, i);
      if (!source)
        continue;
      Type dynamic = argument.getType();
      argument.setType(source);
      auto cast = memref::CastOp::create(builder, loc, dynamic, argument);
      argument.replaceAllUsesExcept(cast, cast);
      inputs[i] = source;
      retyped = true;
      for (gpu::LaunchFuncOp launch : launches) {
        OpOperand &operand = launch.getKernelOperandsMutable()[i];
        operand.set(operand.get().getDefiningOp<memref::CastOp>().getSource());
      }
      continue;
    }
    if (Attribute value = getCommonConstant(launches, i)) {
      auto typed = cast<TypedAttr>(value);
      if (typed.getType() != argument.getType())
        continue;
      Value constant = arith::ConstantOp::create(builder, loc, typed);
      argument.replaceAllUsesWith(constant);
    }
  }
  if (retyped)
    kernel.setFunctionType(
        builder.getFunctionType(inputs, kernel.getResultTypes()));
}

struct SpecializeKernelArgumentsPass
    : public mlirc::impl::SpecializeKernelArgumentsBase<
          SpecializeKernelArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::MapVector<gpu::GPUFuncOp, SmallVector<gpu::LaunchFuncOp>> launches;
    SymbolTableCollection tables;
    module.walk([&](gpu::LaunchFuncOp launch) {
      if (auto kernel = tables.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
              launch, launch.getKernel()))
        launches[kernel].push_back(launch);
    });
    // Every reference to a symbol nested in a gpu.module (@module::@kernel)
    // from the host code, counted in one walk: only where the launches are
    // all of a kernel's users is its signature free. (Code inside symbol
    // tables, gpu.modules included, launches nothing.)
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(&module.getBodyRegion());
    if (!uses)
      return;
    llvm::DenseMap<std::pair<StringAttr, StringAttr>, size_t> references;
    for (const SymbolTable::SymbolUse &use : *uses) {
      SymbolRefAttr ref = use.getSymbolRef();
      if (ref.getNestedReferences().size() == 1)
        ++references[{ref.getRootReference(), ref.getLeafReference()}];
    }
    for (auto &entry : launches) {
      auto kernel = entry.first;
      auto &its = entry.second;
      auto container = kernel->getParentOfType<gpu::GPUModuleOp>();
      bool matching = llvm::all_of(its, [&](gpu::LaunchFuncOp launch) {
        return launch.getKernelOperands().size() == kernel.getNumArguments();
      });
      if (!container || !kernel.isKernel() || !matching ||
          references.lookup({container.getNameAttr(),
                             kernel.getNameAttr()}) != its.size())
        continue;
      specialize(kernel, its);
    }
  }
};

} // namespace
