//===- HostCpuFeatures.cpp - x86 instructions host code names -------------===//

#include "compiler/HostCpuFeatures.h"
#include "compiler/HostCodegen.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;

namespace {

/// An extension an op needs: LLVM's feature name, and a -march that has it.
struct Extension {
  llvm::StringRef feature;
  llvm::StringRef name;
  llvm::StringRef march;
};

/// What \p op (of the x86vector or amx dialect) needs.
Extension getExtension(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name.starts_with("amx.")) {
    if (name == "amx.tile_mulf")
      return {"amx-bf16", "AMX-BF16", "sapphirerapids"};
    if (name == "amx.tile_muli")
      return {"amx-int8", "AMX-INT8", "sapphirerapids"};
    return {"amx-tile", "AMX", "sapphirerapids"};
  }
  if (name.starts_with("x86vector.avx512.")) {
    if (name.contains("vp2intersect"))
      return {"avx512vp2intersect", "AVX512-VP2INTERSECT", "tigerlake"};
    if (name.contains("dot") || name.contains("bf16"))
      return {"avx512bf16", "AVX512-BF16", "sapphirerapids"};
    return {"avx512f", "AVX-512", "x86-64-v4"};
  }
  if (name.contains("dot.i8"))
    return {"avxvnniint8", "AVX-VNNI-INT8", "sierraforest"};
  if (name.contains("bcst_to_f32") || name.contains("cvt.packed"))
    return {"avxneconvert", "AVX-NE-CONVERT", "sierraforest"};
  return {"avx", "AVX", "x86-64-v3"};
}

} // namespace

LogicalResult mlirc::checkHostCpuFeatures(ModuleOp module, StringRef cpu,
                                          ArrayRef<std::string> features) {
  std::unique_ptr<llvm::TargetMachine> machine;
  bool unknownCpu = false;
  auto scalable = [](Type type) {
    auto vector = dyn_cast<VectorType>(type);
    return vector && vector.isScalable();
  };
  WalkResult result = module.walk([&](Operation *op) {
    // LLVM's x86, NVPTX, AMDGPU and SPIR-V code generators have none.
    if (isa<vector::VectorScaleOp>(op) ||
        llvm::any_of(op->getResultTypes(), scalable) ||
        llvm::any_of(op->getOperandTypes(), scalable)) {
      op->emitError("'")
          << op->getName()
          << "' uses scalable vectors (vector<[N]x...>, vector.vscale), "
             "which none of mlirc's targets has (x86-64, NVIDIA, AMD, "
             "Vulkan); use vectors of a fixed size";
      return WalkResult::interrupt();
    }
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect != "x86vector" && dialect != "amx")
      return WalkResult::advance();
    if (op->getParentOfType<gpu::GPUModuleOp>() ||
        op->getParentOfType<gpu::LaunchOp>())
      return WalkResult::advance();
    // The host code's own target machine says what its CPU has; an
    // unknown -march is reported when that machine is made for the code.
    if (unknownCpu)
      return WalkResult::advance();
    if (!machine) {
      auto made = createHostTargetMachine(/*optLevel=*/0, cpu, features);
      if (!made) {
        llvm::consumeError(made.takeError());
        unknownCpu = true;
        return WalkResult::advance();
      }
      machine = std::move(*made);
    }
    const llvm::MCSubtargetInfo *info = machine->getMCSubtargetInfo();
    Extension need = getExtension(op);
    if (info->checkFeatures(("+" + need.feature).str()))
      return WalkResult::advance();
    op->emitError("'") << op->getName() << "' needs " << need.name
                       << ", which the CPU host code is compiled for ("
                       << (cpu.empty() ? "the baseline x86-64" : cpu)
                       << ") lacks; compile with -march=native on a machine "
                          "that has it, -march="
                       << need.march << ", or -m" << need.feature;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

mlirc::HalfFloatConversions
mlirc::getHalfFloatConversions(StringRef cpu, ArrayRef<std::string> features) {
  auto machine = createHostTargetMachine(/*optLevel=*/0, cpu, features);
  if (!machine) {
    llvm::consumeError(machine.takeError());
    return {};
  }
  const llvm::MCSubtargetInfo *info = (*machine)->getMCSubtargetInfo();
  return {info->checkFeatures("+f16c"),
          info->checkFeatures("+avx512bf16") ||
              info->checkFeatures("+avxneconvert")};
}
