//===- LoopAnnotations.cpp - Loop annotations the translation reads -------===//
//
// scf-to-cf puts an scf.for's `llvm.loop_annotation` on the loop's back
// edge as a plain attribute, and cf-to-llvm (in LLVM 22) keeps it there
// instead of moving it into the llvm.br's own loop annotation, the one the
// translation to LLVM IR reads. This moves it, so that hints such as the
// host target's "vectorize, don't unroll" on thread loops, and those of
// the input's own loops in host code and kernels, reach LLVM.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_MOVELOOPANNOTATIONS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct MoveLoopAnnotationsPass
    : public mlirc::impl::MoveLoopAnnotationsBase<MoveLoopAnnotationsPass> {
  void runOnOperation() override {
    getOperation()->walk([](LLVM::BrOp branch) {
      if (auto annotation = branch->getAttrOfType<LLVM::LoopAnnotationAttr>(
              "llvm.loop_annotation")) {
        branch.setLoopAnnotationAttr(annotation);
        branch->removeAttr("llvm.loop_annotation");
      }
    });
  }
};

} // namespace
