//===- Pipeline.h - mlirc's pass pipeline, one function per phase -*- C++ -*-=//
//
// The options struct and populate functions are the library interface the
// driver consumes; nothing here parses command lines. Targets take part
// through their TargetUnit only.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_COMPILER_PIPELINE_H
#define MLIRC_COMPILER_PIPELINE_H

#include "compiler/HostCpuFeatures.h"
#include "pipeline/UndefinedBehaviorChecks.h"
#include "targets/OffloadTarget.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace mlirc {

class TargetUnit;

/// Called with the LLVM IR of a gpu.module for one chip once its device
/// libraries are linked (what -save-temps keeps as `.ll`).
using DeviceIRCallback = std::function<void(
    llvm::StringRef module, llvm::StringRef chip, llvm::Module &ir)>;

/// Settings shared by every phase of the MLIR pipeline.
struct PipelineOptions {
  /// -O level for host and device code.
  unsigned optLevel = 2;
  /// -g: debug info scopes on every function, host and device, so that
  /// .mlir locations become DWARF line tables.
  bool debugInfo = false;
  /// Device targets attached to every gpu.module.
  std::vector<OffloadTarget> targets;
  /// The units of `targets`, in registration order (the host unit, which
  /// rewrites kernels before any GPU lowering, first).
  std::vector<const TargetUnit *> units;
  /// Distinguishes this translation unit's kernels from every other one's
  /// in the linked program (a hash of the input).
  std::string programId;
  /// -fsanitize=undefined and its parts, for host code.
  UndefinedBehaviorChecks ubChecks;
  /// -ffp-contract=: how float multiplies and adds may fuse, in device
  /// code (kernels, on every target) and in host code: "fast", "on" or
  /// "off".
  std::string deviceFPContract = "fast";
  std::string hostFPContract = "on";
  /// -ffast-math and its parts: fastmath flags for every float op
  /// ("reassoc,nnan,..."), host and device.
  std::string fastMath;
  /// --gpu-max-threads-per-block=: the bound of kernels whose block size
  /// is not known; 0 for none.
  int64_t maxThreadsPerBlock = 0;
  /// The 16-bit float conversions the CPU host code is compiled for (-march)
  /// makes in hardware; f16 and bf16 without them compute in f32 with
  /// inline conversions, not LLVM's library calls (ExpandHalfFloats).
  HalfFloatConversions hostConversions;
  /// --transform-library: the file whose transform schedule applies; empty
  /// for the input's own, if it has one.
  std::string transformLibrary;
  /// --transform-entry-point: the named sequence the schedule starts at;
  /// empty for @__transform_main (or a top-level transform.sequence).
  std::string transformEntryPoint;
  /// When set, receives each device module's linked LLVM IR.
  DeviceIRCallback deviceIRCallback;
};

/// Registers every dialect, interface and translation mlirc's input and
/// pipeline use, and those of \p units' targets.
void registerPipelineDialects(mlir::DialectRegistry &registry,
                              const std::vector<const TargetUnit *> &units);

/// Applies the input's transform schedule (or --transform-library's),
/// checks the input, and bufferizes programs on tensors: one-shot
/// bufferization across function boundaries, then buffer deallocation.
void populateBufferizePasses(mlir::OpPassManager &pm,
                             const PipelineOptions &options);

/// Outlines gpu.launch bodies, gives every kernel a program-unique name and
/// makes launches and copies async-aware with at most one dependency each.
void populateOutlinePasses(mlir::OpPassManager &pm,
                           const PipelineOptions &options);

/// Lets each unit lower the device code: the host unit rewrites kernels
/// into block functions, each GPU unit gets a copy of every gpu.module with
/// its target attributes and lowers it to its LLVM dialect.
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

#endif // MLIRC_COMPILER_PIPELINE_H
