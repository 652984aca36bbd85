//===- CheckNVGPUArchs.cpp - nvgpu ops an NVIDIA arch lacks, at the op ----===//
//
// The nvgpu dialect lowers to PTX instructions that exist from some
// architecture on; MLIR lowers them for any target, and ptxas then rejects
// the PTX at a line of it. So do gpu.subgroup_mma_* ops on fragments of
// some element types, which LLVM's NVPTX back end cannot even select below
// their arch (and ends the process). The minimums here are PTX ISA's.
// Ops that read or write one thread's elements of a fragment have no
// NVIDIA lowering at all.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlirc {
#define GEN_PASS_DEF_CHECKNVGPUARCHS
#include "targets/nvptx/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// What an op needs: an SM version, and whether only the arch-specific
/// target of exactly that version has it (wgmma: sm_90a).
struct Requirement {
  unsigned sm = 0;
  bool archSpecific = false;
  /// What needs it, when not the whole op ("f64 fragments").
  std::string what;
};

/// WMMA fragments: f64 (m8n8k4), bf16, and tf32 (f32 A and B) from sm_80,
/// 8-bit integers from sm_72; f16, and f32 accumulators, from sm_70.
Requirement getMmaRequirement(Operation *op) {
  Requirement need;
  auto visit = [&](Type type) {
    auto matrix = dyn_cast<gpu::MMAMatrixType>(type);
    if (!matrix)
      return;
    Type element = matrix.getElementType();
    unsigned sm = 0;
    if (element.isF64() || element.isBF16() ||
        (element.isF32() && matrix.getOperand() != "COp"))
      sm = 80;
    else if (element.isInteger(8))
      sm = 72;
    if (sm <= need.sm)
      return;
    need.sm = sm;
    std::string name;
    llvm::raw_string_ostream os(name);
    // f32 A and B fragments are multiplied as tf32.
    if (element.isF32())
      os << "tf32 (f32 " << matrix.getOperand() << ") fragments";
    else
      os << element << " " << matrix.getOperand() << " fragments";
    need.what = name;
  };
  for (Type type : op->getOperandTypes())
    visit(type);
  for (Type type : op->getResultTypes())
    visit(type);
  return need;
}

Requirement getRequirement(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name.starts_with("gpu.subgroup_mma_"))
    return getMmaRequirement(op);
  if (name.starts_with("nvgpu.warpgroup."))
    return {90, true};
  if (name.starts_with("nvgpu.tma.") ||
      name == "nvgpu.mbarrier.try_wait.parity" ||
      name == "nvgpu.mbarrier.arrive.expect_tx")
    return {90, false};
  if (name == "nvgpu.ldmatrix")
    return {75, false};
  if (name.starts_with("nvgpu.mbarrier.") ||
      name.starts_with("nvgpu.device_async_") || name == "nvgpu.mma.sync" ||
      name == "nvgpu.mma.sp.sync")
    return {80, false};
  return {};
}

/// sm_90a: 90 and arch-specific; compute_80: 80.
std::pair<unsigned, bool> parseChip(StringRef chip) {
  StringRef digits = chip;
  if (!digits.consume_front("sm_"))
    digits.consume_front("compute_");
  bool specific = digits.consume_back("a") || digits.consume_back("f");
  unsigned sm = 0;
  digits.getAsInteger(10, sm);
  return {sm, specific};
}

bool has(StringRef chip, Requirement need) {
  auto [sm, specific] = parseChip(chip);
  if (need.archSpecific)
    return sm == need.sm && specific;
  return sm >= need.sm;
}

struct CheckNVGPUArchsPass
    : public mlirc::impl::CheckNVGPUArchsBase<CheckNVGPUArchsPass> {
  using Base::Base;

  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](Operation *op) {
      // MLIR lowers these for SPIR-V only ("failed to legalize" here); on
      // NVIDIA an index would name a register of an undocumented layout,
      // and A and B fragments hold some elements twice.
      if (isa<gpu::SubgroupMmaExtractThreadLocalOp,
              gpu::SubgroupMmaInsertThreadLocalOp>(op)) {
        op->emitError("'")
            << op->getName() << "' cannot be compiled for "
            << llvm::join(chips, ", ")
            << ": which elements of a WMMA fragment a thread holds is "
               "NVIDIA's undocumented layout; use "
               "gpu.subgroup_mma_elementwise, "
               "or store the matrix to memory and load it back";
        return WalkResult::interrupt();
      }
      Requirement need = getRequirement(op);
      if (!need.sm)
        return WalkResult::advance();
      SmallVector<std::string> lacking, having;
      for (const std::string &chip : chips)
        (has(chip, need) ? having : lacking).push_back(chip);
      if (lacking.empty())
        return WalkResult::advance();
      InFlightDiagnostic diag =
          op->emitError("'")
          << op->getName() << "' cannot be compiled for "
          << llvm::join(lacking, ", ") << ": "
          << (need.what.empty() ? "it" : "its " + need.what) << " need"
          << (need.what.empty() ? "s" : "") << " sm_" << need.sm
          << (need.archSpecific ? "a exactly" : " or newer");
      if (!having.empty())
        diag << "; of the requested archs, " << llvm::join(having, ", ")
             << (having.size() == 1 ? " has it" : " have it");
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
