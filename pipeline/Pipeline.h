//===- Pipeline.h - mlirc's pass pipeline, one function per phase -*- C++
//-*-===//
//
// The options struct and populate functions are the library interface the
// driver consumes; nothing here parses command lines.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_PIPELINE_H
#define MLIRC_PIPELINE_PIPELINE_H

#include "targets/OffloadTarget.h"
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace mlirc {

/// Settings shared by every phase of the MLIR pipeline.
struct PipelineOptions {
  /// -O level for host and device code.
  unsigned optLevel = 2;
  /// Device targets attached to every gpu.module.
  std::vector<OffloadTarget> targets;
  /// CUDA toolkit whose libdevice is linked into NVIDIA device code; empty
  /// when none was found (only valid when no job will run).
  std::string cudaPath;
  /// Distinguishes this translation unit's kernels from every other one's
  /// in the linked program (a hash of the input).
  std::string programId;
  /// What serialization produces: "isa" (PTX, the default) or "llvm"
  /// (device LLVM bitcode, kept by -save-temps).
  std::string deviceFormat = "isa";
};

/// Registers every dialect, interface and translation mlirc's input and
/// pipeline use.
void registerPipelineDialects(mlir::DialectRegistry &registry);

/// Outlines gpu.launch bodies, gives every kernel a program-unique name and
/// makes launches and copies async-aware with at most one dependency each.
void populateOutlinePasses(mlir::OpPassManager &pm,
                           const PipelineOptions &options);

/// Attaches the device targets and lowers gpu.module bodies to the LLVM
/// dialect of each vendor.
void populateDevicePasses(mlir::OpPassManager &pm,
                          const PipelineOptions &options);

/// Serializes every gpu.module through its targets' TargetAttrInterface into
/// a gpu.binary holding one object per target.
void populateBinaryPasses(mlir::OpPassManager &pm,
                          const PipelineOptions &options);

/// Lowers host code to the LLVM dialect; launches become mlirc runtime calls
/// naming a per-kernel handle, and gpu.binary ops are dropped (their objects
/// travel as offload images instead).
void populateHostPasses(mlir::OpPassManager &pm,
                        const PipelineOptions &options);

} // namespace mlirc

#endif // MLIRC_PIPELINE_PIPELINE_H
