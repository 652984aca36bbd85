//===- AMDGPUCodegen.h - AMD code objects from linked bitcode ---*- C++ -*-===//

#ifndef MLIRC_TARGETS_AMDGPU_AMDGPUCODEGEN_H
#define MLIRC_TARGETS_AMDGPU_AMDGPUCODEGEN_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>
#include <vector>

namespace mlirc {

/// One relocatable code object to generate.
struct AMDGPUCodegenTask {
  /// Linked, optimized device bitcode (what #rocdl.target serializes to).
  std::string bitcode;
  std::string chip;
  /// LLVM target features (+xnack,-sramecc).
  std::string features;
  unsigned optLevel = 2;
  /// For errors: "the code object for gfx90a (gpu.module @k of x.mlir)".
  std::string description;
  /// Also produce the linked LLVM IR and the ISA as text (-save-temps).
  bool wantText = false;
};

/// What one task produced.
struct AMDGPUCodegenResult {
  std::unique_ptr<llvm::MemoryBuffer> object;
  std::string llvmIR;
  std::string assembly;
};

/// Generates the code object of every task with LLVM's AMDGPU backend, the
/// tasks in parallel, results in task order.
llvm::Expected<std::vector<AMDGPUCodegenResult>>
generateAMDGPUObjects(const std::vector<AMDGPUCodegenTask> &tasks);

} // namespace mlirc

#endif // MLIRC_TARGETS_AMDGPU_AMDGPUCODEGEN_H
