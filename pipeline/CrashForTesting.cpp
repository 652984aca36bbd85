//===- CrashForTesting.cpp - A pass that crashes, for tests --------------===//
//
// `-mmlir --mlirc-crash-in-phase-for-testing=<phase>` adds a pass to that
// phase that dies of SIGSEGV, so that tests can check how mlirc contains a
// crash inside a pass; `--mlirc-invalid-ir-in-phase-for-testing=<phase>`
// one that leaves IR failing verification, for the checks of a pass's
// result; `--mlirc-module-level-call-for-testing=<phase>` one that leaves
// an llvm.call outside any function, which only LLVM's verifier rejects;
// `--mlirc-growing-rewrite-loop-in-phase-for-testing=<phase>` one whose
// rewrite never ends and makes the IR grow, for the rewrite bound.
// Hidden from --help.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "pipeline/BoundedRewrites.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Timer.h"
#include <csignal>

namespace mlirc {
#define GEN_PASS_DEF_CRASHFORTESTING
#define GEN_PASS_DEF_INVALIDIRFORTESTING
#define GEN_PASS_DEF_MODULELEVELCALLFORTESTING
#define GEN_PASS_DEF_GROWINGREWRITELOOPFORTESTING
#include "pipeline/TestPasses.h.inc"
} // namespace mlirc

using namespace mlir;

static llvm::cl::opt<std::string> crashInPhase(
    "mlirc-crash-in-phase-for-testing", llvm::cl::Hidden,
    llvm::cl::desc("Add a pass that crashes to the named phase (tests only)"));

static llvm::cl::opt<std::string> invalidIRInPhase(
    "mlirc-invalid-ir-in-phase-for-testing", llvm::cl::Hidden,
    llvm::cl::desc("Add a pass that leaves invalid IR to the named phase "
                   "(tests only)"));

static llvm::cl::opt<std::string> moduleLevelCallInPhase(
    "mlirc-module-level-call-in-phase-for-testing", llvm::cl::Hidden,
    llvm::cl::desc("Add a pass that leaves an llvm.call at module level to "
                   "the named phase (tests only)"));

static llvm::cl::opt<std::string> growingRewriteLoopInPhase(
    "mlirc-growing-rewrite-loop-in-phase-for-testing", llvm::cl::Hidden,
    llvm::cl::desc("Add a pass whose rewrite loops and makes the IR grow to "
                   "the named phase (tests only)"));

namespace {

/// Crashes as LLVM's code generators do: with a timer of its frame running,
/// which the timer group's list then still holds. The group is one of its
/// own, never freed, so that nothing after the crash adds to that list.
void crashWithTimers() {
  auto *group =
      new llvm::TimerGroup("mlirc-crash-for-testing", "crash for testing");
  llvm::Timer timer("crash", "crash for testing", *group);
  timer.startTimer();
  std::raise(SIGSEGV);
}

struct CrashForTestingPass
    : public mlirc::impl::CrashForTestingBase<CrashForTestingPass> {
  void runOnOperation() override { crashWithTimers(); }
};

/// An arith.constant without its value, at the top of the module.
struct InvalidIRForTestingPass
    : public mlirc::impl::InvalidIRForTestingBase<InvalidIRForTestingPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    OperationState state(module.getLoc(), "arith.constant");
    state.addTypes(b.getI32Type());
    b.create(state);
  }
};

/// A declared function and a call to it, both at the end of the module.
struct ModuleLevelCallForTestingPass
    : public mlirc::impl::ModuleLevelCallForTestingBase<
          ModuleLevelCallForTestingPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    auto type =
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(&getContext()), {});
    auto callee = LLVM::LLVMFuncOp::create(b, module.getLoc(),
                                           "mlirc_testing_callee", type);
    LLVM::CallOp::create(b, module.getLoc(), callee, ValueRange());
  }
};

/// On a function marked mlirc.grow_for_testing: a function more before
/// it, which takes the mark, so that the rewrite applies again and the IR
/// has one op more each time. (The pass fails before the names, all the
/// same, are verified.)
struct GrowFunctions : public OpRewritePattern<func::FuncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(func::FuncOp function,
                                PatternRewriter &rewriter) const override {
    StringRef mark = "mlirc.grow_for_testing";
    if (!function->hasAttr(mark))
      return failure();
    rewriter.setInsertionPoint(function);
    auto grown =
        func::FuncOp::create(rewriter, function.getLoc(), function.getName(),
                             function.getFunctionType());
    grown.setPrivate();
    grown->setAttr(mark, rewriter.getUnitAttr());
    rewriter.modifyOpInPlace(function, [&] { function->removeAttr(mark); });
    return success();
  }
};

/// Marks the module's first function and grows from there.
struct GrowingRewriteLoopForTestingPass
    : public mlirc::impl::GrowingRewriteLoopForTestingBase<
          GrowingRewriteLoopForTestingPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto functions = module.getOps<func::FuncOp>();
    if (functions.empty())
      return;
    (*functions.begin())
        ->setAttr("mlirc.grow_for_testing", UnitAttr::get(&getContext()));
    RewritePatternSet patterns(&getContext());
    patterns.add<GrowFunctions>(&getContext());
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), std::move(patterns), getArgument())))
      signalPassFailure();
  }
};

} // namespace

void mlirc::crashHereForTesting(llvm::StringRef where) {
  if (crashInPhase == where)
    crashWithTimers();
}

void mlirc::addCrashForTesting(OpPassManager &pm, llvm::StringRef phase) {
  if (crashInPhase == phase)
    pm.addPass(std::make_unique<CrashForTestingPass>());
  if (invalidIRInPhase == phase)
    pm.addPass(std::make_unique<InvalidIRForTestingPass>());
  if (moduleLevelCallInPhase == phase)
    pm.addPass(std::make_unique<ModuleLevelCallForTestingPass>());
  if (growingRewriteLoopInPhase == phase)
    pm.addPass(std::make_unique<GrowingRewriteLoopForTestingPass>());
}
