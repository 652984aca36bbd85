//===- DriverPasses.td - mlirc's passes that need the driver -*- tablegen -*-===//
//
// Passes built by the driver with what it resolved (target units, targets,
// callbacks), which no pass option can carry; not registered with mlirc-opt.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_DRIVERPASSES_TD
#define MLIRC_PIPELINE_DRIVERPASSES_TD

include "mlir/Pass/PassBase.td"

def CheckInput : Pass<"mlirc-check-input", "mlir::ModuleOp"> {
  let summary = "Report, at the op, input that mlirc's targets cannot take";
}

def CheckPrebuiltBinaries
    : Pass<"mlirc-check-prebuilt-binaries", "mlir::ModuleOp"> {
  let summary = "Report, at the gpu.binary, prebuilt device code that lacks "
                "a requested target or comes in a format mlirc cannot build "
                "images from";
}

def AttachTargets : Pass<"mlirc-attach-targets", "mlir::ModuleOp"> {
  let summary = "Give gpu.modules the target attributes of each GPU unit";
}

def LowerTargetModules : Pass<"mlirc-lower-target-modules", "mlir::ModuleOp"> {
  let summary = "Run a target unit's device lowering on its gpu.modules";
}

def SerializeDeviceModules
    : Pass<"mlirc-serialize-device-modules", "mlir::ModuleOp"> {
  let summary = "Serialize gpu.modules through their targets";
}

def CrashForTesting : Pass<"mlirc-crash-for-testing", "mlir::ModuleOp"> {
  let summary = "Crash, for the tests of crash containment";
}

def InvalidIRForTesting
    : Pass<"mlirc-invalid-ir-for-testing", "mlir::ModuleOp"> {
  let summary = "Leave IR that fails verification, for the tests of the "
                "verifier's place in the pipeline";
}

def ModuleLevelCallForTesting
    : Pass<"mlirc-module-level-call-for-testing", "mlir::ModuleOp"> {
  let summary = "Leave an llvm.call at module level, which MLIR's verifier "
                "accepts and LLVM's rejects, for the tests of how LLVM's "
                "verifier is reported";
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // MLIRC_PIPELINE_DRIVERPASSES_TD
