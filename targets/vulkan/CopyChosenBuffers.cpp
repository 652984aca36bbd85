//===- CopyChosenBuffers.cpp - Chosen buffers as copies -------------------===//
//
// See CopyChosenBuffers.h. The copy is made where the choice is, so it
// holds what the chosen buffer holds then; the conditions keep that true
// for as long as the result is read.
//
//===----------------------------------------------------------------------===//

#include "targets/vulkan/CopyChosenBuffers.h"
#include "pipeline/BoundedRewrites.h"
#include "pipeline/BufferAliases.h"
#include "pipeline/MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {
/// A choice of buffers, and the last op of its block that uses what it
/// chose (none: any after it may).
struct Choice {
  Operation *op;
  Operation *lastUse = nullptr;
};
} // namespace

/// Whether \p op cannot run while \p choice's result is in use, all of
/// which is in its block: it is in no op of that block from the choice to
/// its last use.
static bool runsApart(Operation *op, const Choice &choice) {
  Operation *ancestor = choice.op->getBlock()->findAncestorOpInBlock(*op);
  return !ancestor || ancestor == choice.op ||
         ancestor->isBeforeInBlock(choice.op) ||
         (choice.lastUse && choice.lastUse->isBeforeInBlock(ancestor));
}

/// Whether \p buffer is one thread's own memory or a constant that nothing
/// writes after any of \p choices, or a buffer chosen from such ones (a
/// branch inside another that is chosen again).
static bool isSettledAt(Value buffer, SmallVectorImpl<Choice> &choices) {
  Value root = mlirc::getViewRoot(buffer);
  Operation *def = root.getDefiningOp();
  if (auto global = dyn_cast_or_null<memref::GetGlobalOp>(def)) {
    auto symbol = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        global, global.getNameAttr());
    return symbol && symbol.getConstant();
  }
  SmallVector<Value, 2> sources;
  if (auto select = dyn_cast_or_null<arith::SelectOp>(def)) {
    sources = {select.getTrueValue(), select.getFalseValue()};
  } else if (auto branch = dyn_cast_or_null<scf::IfOp>(def)) {
    if (branch.getElseRegion().empty())
      return false;
    unsigned index = cast<OpResult>(root).getResultNumber();
    sources = {branch.thenYield().getOperand(index),
               branch.elseYield().getOperand(index)};
  }
  if (!sources.empty()) {
    if (choices.size() > 8)
      return false;
    choices.push_back({def});
    bool settled = llvm::all_of(
        sources, [&](Value source) { return isSettledAt(source, choices); });
    choices.pop_back();
    return settled;
  }
  if (!isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(def) ||
      mlirc::getGpuAddressSpace(
          cast<MemRefType>(root.getType()).getMemorySpace()) ==
          gpu::AddressSpace::Workgroup)
    return false;
  // Writes through the choice being copied go to the copy instead
  // (canCopyChoice).
  bool writtenAfter = false;
  mlirc::forEachAliasUse(
      root,
      [&](OpOperand &use) {
        if (mlirc::mayWriteAt(use) &&
            llvm::any_of(choices, [&](const Choice &choice) {
              return !runsApart(use.getOwner(), choice);
            }))
          writtenAfter = true;
      },
      choices.front().op);
  return !writtenAfter;
}

static bool isSettledAt(Value buffer, const Choice &choice) {
  SmallVector<Choice> choices = {choice};
  return isSettledAt(buffer, choices);
}

/// The identity-layout type of a private copy of \p type, if the copy can
/// stand for it.
static MemRefType getCopyType(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape())
    return {};
  auto copy =
      MemRefType::get(memref.getShape(), memref.getElementType(),
                      MemRefLayoutAttrInterface(), memref.getMemorySpace());
  return memref::CastOp::areCastCompatible(copy, memref) ? copy : MemRefType();
}

/// A new buffer of \p type before \p choice, as \p resultType.
static std::pair<Value, Value> allocateCopy(Operation *choice, MemRefType type,
                                            Type resultType) {
  OpBuilder builder(choice);
  Value copy = memref::AllocaOp::create(builder, choice->getLoc(), type);
  Value result = copy;
  if (type != resultType)
    result =
        memref::CastOp::create(builder, choice->getLoc(), resultType, copy);
  return {copy, result};
}

/// Whether \p result, which \p choice chooses from \p sources, can be a
/// copy of the source chosen: it is used in its own block only (not carried
/// out of it), no source is written from the choice to its last use, and
/// where the result is written (its copy then, not the source), nothing
/// reads a source after the choice but before those writes.
static bool canCopyChoice(Operation *choice, Value result,
                          ArrayRef<Value> sources) {
  if (!getCopyType(result.getType()))
    return false;
  Block *block = choice->getBlock();
  bool usedHere = true;
  SmallVector<Operation *> writes;
  Operation *last = nullptr;
  mlirc::forEachAliasUse(result, [&](OpOperand &use) {
    Operation *at = block->findAncestorOpInBlock(*use.getOwner());
    if (!at || use.getOwner() == block->getTerminator()) {
      usedHere = false;
      return;
    }
    if (!last || last->isBeforeInBlock(at))
      last = at;
    if (mlirc::mayWriteAt(use))
      writes.push_back(at);
  });
  if (!usedHere || !llvm::all_of(sources, [&](Value source) {
        return isSettledAt(source, Choice{choice, last});
      }))
    return false;
  if (writes.empty())
    return true;
  bool readBefore = true;
  for (Value source : sources) {
    Value root = mlirc::getViewRoot(source);
    if (!isa_and_nonnull<memref::AllocaOp, memref::AllocOp,
                         memref::GetGlobalOp>(root.getDefiningOp()))
      return false;
    mlirc::forEachAliasUse(
        root,
        [&](OpOperand &use) {
          Operation *at = block->findAncestorOpInBlock(*use.getOwner());
          if (!at || at == choice || !choice->isBeforeInBlock(at))
            return;
          if (llvm::any_of(writes, [&](Operation *write) {
                return !at->isBeforeInBlock(write);
              }))
            readBefore = false;
        },
        choice);
  }
  return readBefore;
}

/// Whether \p select can choose by copying.
static bool canCopy(arith::SelectOp select) {
  return isa<IntegerType>(select.getCondition().getType()) &&
         canCopyChoice(select, select.getResult(),
                       {select.getTrueValue(), select.getFalseValue()});
}

static void copyInstead(arith::SelectOp select) {
  auto [copy, result] =
      allocateCopy(select, getCopyType(select.getType()), select.getType());
  OpBuilder builder(select);
  Location loc = select.getLoc();
  auto branch = scf::IfOp::create(builder, loc, select.getCondition(),
                                  /*withElseRegion=*/true);
  OpBuilder thenBuilder = branch.getThenBodyBuilder();
  memref::CopyOp::create(thenBuilder, loc, select.getTrueValue(), copy);
  OpBuilder elseBuilder = branch.getElseBodyBuilder();
  memref::CopyOp::create(elseBuilder, loc, select.getFalseValue(), copy);
  select.getResult().replaceAllUsesWith(result);
  select.erase();
}

/// The memref results of \p branch that can be chosen by copying; none if
/// some cannot (a result still chosen needs variable pointers anyway).
static SmallVector<unsigned> getCopiedResults(scf::IfOp branch) {
  SmallVector<unsigned> copied;
  for (OpResult result : branch->getResults()) {
    if (!isa<MemRefType>(result.getType()))
      continue;
    unsigned index = result.getResultNumber();
    if (branch.getElseRegion().empty() ||
        !canCopyChoice(branch, result,
                       {branch.thenYield().getOperand(index),
                        branch.elseYield().getOperand(index)}))
      return {};
    copied.push_back(index);
  }
  return copied;
}

static void copyInstead(scf::IfOp branch, ArrayRef<unsigned> indices) {
  Location loc = branch.getLoc();
  for (unsigned index : indices) {
    Value old = branch.getResult(index);
    auto [copy, result] =
        allocateCopy(branch, getCopyType(old.getType()), old.getType());
    for (scf::YieldOp yield : {branch.thenYield(), branch.elseYield()}) {
      OpBuilder builder(yield);
      memref::CopyOp::create(builder, loc, yield.getOperand(index), copy);
      // Both yield the copy, so what they chose is read by the copy only.
      yield.setOperand(index, result);
    }
    old.replaceAllUsesWith(result);
  }
}

LogicalResult mlirc::copyChosenBuffers(Operation *kernels) {
  // Outer choices first: a branch inside one that is then copied is read
  // by that copy only.
  SmallVector<Operation *> choices;
  kernels->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<arith::SelectOp, scf::IfOp>(op) &&
        llvm::any_of(op->getResultTypes(), llvm::IsaPred<MemRefType>))
      choices.push_back(op);
  });
  SmallVector<Operation *> rewritten;
  for (Operation *op : choices) {
    if (auto select = dyn_cast<arith::SelectOp>(op)) {
      // Chosen where it is first read, after what is written before that
      // (bufferization writes a branch's tensor.insert after the select it
      // makes of the branch).
      Block *block = select->getBlock();
      Operation *first = nullptr;
      for (Operation *user : select->getUsers())
        if (Operation *at = block->findAncestorOpInBlock(*user);
            at && (!first || at->isBeforeInBlock(first)))
          first = at;
      if (first)
        select->moveBefore(first);
      if (canCopy(select))
        copyInstead(select);
      continue;
    }
    auto branch = cast<scf::IfOp>(op);
    SmallVector<unsigned> indices = getCopiedResults(branch);
    if (indices.empty())
      continue;
    copyInstead(branch, indices);
    rewritten.push_back(branch);
  }
  // The results now unused go away.
  return mlirc::canonicalizeOpsWithBound<scf::IfOp>(rewritten,
                                                    "chosen buffers");
}
