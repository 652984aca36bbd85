//===- TestPasses.td - Passes for mlirc's own tests -----------*- tablegen -*-===//
//
// Passes that break things on purpose, added by hidden test options; not
// registered with mlirc-opt.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_TESTPASSES_TD
#define MLIRC_PIPELINE_TESTPASSES_TD

include "mlir/Pass/PassBase.td"

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

def GrowingRewriteLoopForTesting
    : Pass<"mlirc-growing-rewrite-loop-for-testing", "mlir::ModuleOp"> {
  let summary = "Run a rewrite that adds an op each time it applies and "
                "always applies again, for the tests of the rewrite bound";
}

#endif // MLIRC_PIPELINE_TESTPASSES_TD
