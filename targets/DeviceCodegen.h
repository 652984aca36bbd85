//===- DeviceCodegen.h - Device code from bitcode or assembly ---*- C++ -*-===//
//
// LLVM's backends in-process, for what a unit builds itself rather than
// through MLIR's serialization or a toolkit job: AMD code objects from
// linked bitcode or AMDGPU assembly, PTX from NVPTX bitcode.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_DEVICECODEGEN_H
#define MLIRC_TARGETS_DEVICECODEGEN_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>
#include <vector>

namespace mlirc {

/// One piece of device code to generate.
struct DeviceCodegenTask {
  /// amdgcn-amd-amdhsa, nvptx64-nvidia-cuda.
  std::string triple;
  /// Linked, optimized device bitcode (what #rocdl.target and #nvvm.target
  /// serialize to with format=llvm), or assembly text when `isAssembly`.
  std::string input;
  bool isAssembly = false;
  std::string chip;
  /// LLVM target features (+xnack,-sramecc).
  std::string features;
  unsigned optLevel = 2;
  /// Any multiply and add may fuse into an FMA, not only those with the
  /// contract flag (TargetSettings::fuseAllFloatOps).
  bool fuseFloatOps = false;
  /// For errors: "the code object for gfx90a (gpu.module @k of x.mlir)".
  std::string description;
  /// A relocatable ELF object (AMD), else only assembly (PTX).
  bool wantObject = true;
  /// Also the LLVM IR and the assembly as text (-save-temps); the assembly
  /// always when no object is wanted.
  bool wantText = false;
};

/// What one task produced.
struct DeviceCodegenResult {
  std::unique_ptr<llvm::MemoryBuffer> object;
  std::string llvmIR;
  std::string assembly;
};

/// Runs every task, in parallel; results in task order.
llvm::Expected<std::vector<DeviceCodegenResult>>
generateDeviceCode(const std::vector<DeviceCodegenTask> &tasks);

} // namespace mlirc

#endif // MLIRC_TARGETS_DEVICECODEGEN_H
