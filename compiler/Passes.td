//===- Passes.td - The passes that walk the target units -----*- tablegen -*-===//
//
// Passes built with what the driver resolved (target units, targets,
// callbacks), which no pass option can carry; not registered with mlirc-opt.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_COMPILER_PASSES_TD
#define MLIRC_COMPILER_PASSES_TD

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

#endif // MLIRC_COMPILER_PASSES_TD
