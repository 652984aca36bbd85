//===- Passes.h - mlirc's own MLIR passes -----------------------*- C++ -*-===//

#ifndef MLIRC_PIPELINE_PASSES_H
#define MLIRC_PIPELINE_PASSES_H

#include "pipeline/UndefinedBehaviorChecks.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlir {
class OpBuilder;
namespace scf {
class ForOp;
} // namespace scf
} // namespace mlir

namespace mlirc {

// The passes of Passes.td: create<Name>() and <Name>Options for each, and
// registerMlircPasses(), which registers them all (mlirc-opt does).
#define GEN_PASS_DECL
#include "pipeline/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "pipeline/Passes.h.inc"

/// Whether \p type is or holds an async token, value or group.
bool holdsAsyncType(mlir::Type type);

/// \p value, a gpu.printf argument, as C's default argument promotion
/// passes an integer narrower than int: as i32, a bool as 0 or 1; other
/// values as they are.
mlir::Value promotePrintfInteger(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value value);

/// Whether an operand of \p type of omp.atomic.read, write or update \p op
/// is a memref of one element that OpenMPAtomicMemRefs makes an address.
bool isOpenMPAtomicVariable(mlir::Operation *op, mlir::Type type);

/// The canonicalizer (mlirc-canonicalize) on each function by itself,
/// host functions, kernels and device functions: one greedy run over a
/// whole module goes over all of its functions again while any one still
/// changes, a cost that grows faster than the module.
void addCanonicalizerPerFunction(mlir::OpPassManager &pm);

/// Whether \p loop runs at least once: lb < ub, compared as the loop
/// compares (signed or unsigned).
mlir::Value createLoopRuns(mlir::OpBuilder &b, mlir::scf::ForOp loop);

/// Rewrites the gpu.rotate ops of \p root as gpu.shuffle idx: lane k reads
/// lane ((k + offset) mod width) of its segment of width lanes, valid for
/// the first width lanes. \p withinSegments: a shuffle of the rotate's
/// width from the index in the segment (the Vulkan target's shuffles are
/// of segments, and need a constant width); else a shuffle across the
/// whole subgroup (gpu.subgroup_size) from the lane's absolute index.
void expressRotatesAsShuffles(mlir::Operation *root, bool withinSegments);

/// Expands \p ops, arith.scaling_extf and scaling_truncf (the MX formats),
/// into their conversions and a scale (MLIR's arith-expand patterns for
/// them alone); \p pass names the caller in a rewrite-bound error.
mlir::LogicalResult
expandScaledConversions(llvm::ArrayRef<mlir::Operation *> ops,
                        llvm::StringRef pass);

/// The attribute that names the op \p a rewrite's op stands for, for
/// errors that name what the program wrote (a gpu.shuffle made of a
/// gpu.rotate or gpu.subgroup_broadcast).
constexpr llvm::StringLiteral kWrittenAsAttr = "mlirc.written_as";
/// Records on \p op that it stands for \p written.
void markWrittenAs(mlir::Operation *op, mlir::Operation *written);
/// The name of the op \p op stands for: its own unless marked.
llvm::StringRef getWrittenName(mlir::Operation *op);

/// Adds a pass that crashes to \p pm when the hidden test option
/// --mlirc-crash-in-phase-for-testing names \p phase, and one that leaves
/// invalid IR when --mlirc-invalid-ir-in-phase-for-testing does.
void addCrashForTesting(mlir::OpPassManager &pm, llvm::StringRef phase);

/// Dies of SIGSEGV when --mlirc-crash-in-phase-for-testing names \p where,
/// for code outside passes (e.g. "amdgpu-codegen").
void crashHereForTesting(llvm::StringRef where);

/// Checks, before each op of host code (the host target's kernels included)
/// whose result \p checks name as undefined for some operands, that they are
/// not, and reports a failure through UBSan's runtime at the op's location.
std::unique_ptr<mlir::Pass>
createInstrumentUndefinedBehaviorPass(UndefinedBehaviorChecks checks);

} // namespace mlirc

#endif // MLIRC_PIPELINE_PASSES_H
