//===- HostUnit.cpp - The host CPU as a device target ---------------------===//
//
// `--offload-arch=host`: kernels become block functions in the host object
// (LowerKernelsToHost), registered with mlirc's host runtime at start-up
// (RegisterHostKernels). No toolkit, no images.
//
//===----------------------------------------------------------------------===//

#include "targets/host/HostUnit.h"
#include "pipeline/Passes.h"
#include "targets/host/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassManager.h"
#include <limits>

using namespace llvm;
using namespace mlirc;

namespace {

class HostUnit : public TargetUnit {
public:
  StringRef getName() const override { return "host"; }
  bool claimsArch(StringRef arch) const override { return arch == "host"; }
  Expected<OffloadTarget> parseArch(StringRef arch) const override {
    OffloadTarget target;
    target.unit = this;
    target.arch = arch.str();
    return target;
  }
  std::string getFallbackArch() const override { return "host"; }
  StringRef getArchExamples() const override { return "host"; }
  /// x87 and software f128, as host code has.
  unsigned getMaxFloatWidth() const override { return 128; }

  void registerPasses() const override { registerMlircHostPasses(); }
  std::vector<std::string>
  listAllArchs(const TargetSettings &settings) const override {
    return {"host"};
  }
  bool hasDeviceModules() const override { return false; }
  /// runtime/HostSparseLibrary.cpp
  bool runsSparseLibraryOps() const override { return true; }

  void populateDevicePasses(mlir::OpPassManager &pm,
                            ArrayRef<OffloadTarget> targets,
                            bool gpuTargetsToo) const override {
    // Block functions place barriers in scf loops and branches: affine
    // ones become scf first.
    pm.nest<mlir::gpu::GPUModuleOp>().addPass(mlir::createLowerAffinePass());
    // A thread's private memory is its stack, as on the GPU targets (a
    // heap allocation could not live across a barrier).
    pm.nest<mlir::gpu::GPUModuleOp>().addPass(createPrivateAllocsOnStack());
    pm.addPass(createLowerKernelsToHost({/*keepDeviceBodies=*/gpuTargetsToo}));
    if (gpuTargetsToo)
      return;
    // The emptied kernels stay until the launches are lowered, for the
    // launches' verifier; lowering them gives them the signature the
    // launches have after gpu-to-llvm.
    pm.nest<mlir::gpu::GPUModuleOp>().addPass(
        mlir::createConvertGpuOpsToNVVMOps());
  }

  bool compilesSubgroupMma(ArrayRef<OffloadTarget>) const override {
    return true;
  }

  LaunchLimits getLaunchLimits() const override {
    // Clusters only group blocks here; kernels that see them do not
    // compile for the host.
    LaunchLimits limits;
    limits.maxClusterBlocks = std::numeric_limits<int64_t>::max();
    return limits;
  }

  void populateHostPasses(mlir::OpPassManager &pm) const override {
    pm.addPass(createRegisterHostKernels());
  }

  StringRef getRuntimeBackend() const override { return "host"; }
  bool isCarriedBy(const LinkInputContents &contents) const override {
    return contents.hostKernels;
  }
};

} // namespace

std::unique_ptr<TargetUnit> mlirc::createHostUnit() {
  return std::make_unique<HostUnit>();
}
