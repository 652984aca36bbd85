//===- ZeroSizedSharedGlobals.cpp - Old-style dynamic shared memory -------===//
//
// Before gpu.dynamic_shared_memory, MLIR's programs took the launch's
// dynamic shared memory through a memref.global of zero elements in
// workgroup memory, as CUDA's `extern __shared__ T name[]`, and viewed it
// with reinterpret_cast (MLIR's sm_90 GEMMs do). Each memref.get_global of
// one in a kernel becomes a view of the dynamic shared memory at offset 0;
// every target has that, where a global of zero elements is nothing to read.
//
//===----------------------------------------------------------------------===//

#include "pipeline/MemorySpaces.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlirc {
#define GEN_PASS_DEF_ZEROSIZEDSHAREDGLOBALS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct ZeroSizedSharedGlobalsPass
    : public mlirc::impl::ZeroSizedSharedGlobalsBase<
          ZeroSizedSharedGlobalsPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    SmallVector<memref::GetGlobalOp> uses;
    getOperation().walk([&](memref::GetGlobalOp op) {
      MemRefType type = op.getType();
      if (!type.hasStaticShape() || type.getNumElements() != 0 ||
          !type.getLayout().isIdentity() ||
          mlirc::getGpuAddressSpace(type.getMemorySpace()) !=
              gpu::AddressSpace::Workgroup)
        return;
      // Only where gpu.dynamic_shared_memory may be: in a kernel's body.
      Operation *parent = op->getParentOp();
      while (parent && !isa<gpu::LaunchOp, gpu::GPUFuncOp>(parent))
        parent = parent->getParentOp();
      if (!parent || (isa<gpu::GPUFuncOp>(parent) &&
                      !cast<gpu::GPUFuncOp>(parent).isKernel()))
        return;
      auto global = symbols.lookupNearestSymbolFrom<memref::GlobalOp>(
          op, op.getNameAttr());
      if (global && !global.getInitialValue())
        uses.push_back(op);
    });
    for (memref::GetGlobalOp op : uses) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      MemRefType type = op.getType();
      auto bytes = MemRefType::get(
          {ShapedType::kDynamic}, b.getI8Type(), MemRefLayoutAttrInterface(),
          gpu::AddressSpaceAttr::get(b.getContext(),
                                     gpu::AddressSpace::Workgroup));
      Value raw = gpu::DynamicSharedMemoryOp::create(b, loc, bytes);
      // NVVM's and AMDGPU's number for it, 3.
      if (bytes.getMemorySpace() != type.getMemorySpace())
        raw = memref::MemorySpaceCastOp::create(
            b, loc,
            MemRefType::get(bytes.getShape(), bytes.getElementType(),
                            MemRefLayoutAttrInterface(), type.getMemorySpace()),
            raw);
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value view =
          memref::ViewOp::create(b, loc, type, raw, zero, ValueRange());
      op.replaceAllUsesWith(view);
      op.erase();
    }
  }
};

} // namespace
