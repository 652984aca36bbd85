//===- Passes.td - the host target's passes ----------------*- tablegen -*-===//
//
// Registered by the unit (TargetUnit::registerPasses), so mlirc-opt runs
// them one at a time.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_HOST_PASSES_TD
#define MLIRC_TARGETS_HOST_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerKernelsToHost
    : Pass<"mlirc-lower-kernels-to-host", "mlir::ModuleOp"> {
  let summary = "Turn kernels into block functions the host runtime runs";
  let description = [{
    The host target: each kernel becomes a function that runs one block of
    threads on a CPU core, with barriers, shuffles and shared memory made
    explicit, which the host runtime calls for every block of a launch.
  }];
  let options = [
    Option<"keepDeviceBodies", "keep-device-bodies", "bool", "false",
           "Keep the kernels' gpu.module bodies for GPU targets too">,
  ];
}

def RegisterHostKernels
    : Pass<"mlirc-register-host-kernels", "mlir::ModuleOp"> {
  let summary = "Register the host target's block functions";
  let description = [{
    Emits, for every block function, the entry that unpacks launch
    arguments and a constructor that registers it with the host runtime
    under its kernel handle.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // MLIRC_TARGETS_HOST_PASSES_TD
