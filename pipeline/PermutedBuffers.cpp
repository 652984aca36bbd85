//===- PermutedBuffers.cpp - Buffers that trade places in a loop ----------===//
//
// See PermutedBuffers.h. With `next[j]`, the carried value that carried
// memref j takes for the next trip, memref j holds at trip t the start of
// next^t(j): it depends on t modulo the permutation's period only.
//
//===----------------------------------------------------------------------===//

#include "pipeline/PermutedBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"
#include <numeric>

using namespace mlir;

namespace {
/// Permutations repeating after more trips are left as they are: each
/// carried memref would be a chain of that many selects.
constexpr unsigned maxPeriod = 12;

/// The carried memrefs of \p loop and, for each, the index of the carried
/// value its trips yield; none where a trip yields anything else, or two
/// of them the same one.
std::optional<DenseMap<unsigned, unsigned>> getPermutation(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  DenseMap<unsigned, unsigned> next;
  DenseSet<unsigned> taken;
  for (auto [index, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    if (!isa<MemRefType>(arg.getType()))
      continue;
    auto yielded = dyn_cast<BlockArgument>(yield.getOperand(index));
    if (!yielded || yielded.getOwner() != loop.getBody() ||
        yielded == loop.getInductionVar())
      return std::nullopt;
    unsigned target = yielded.getArgNumber() - 1;
    if (!taken.insert(target).second)
      return std::nullopt;
    next[index] = target;
  }
  if (next.empty())
    return std::nullopt;
  return next;
}

/// How many trips the permutation \p next takes to repeat.
unsigned getPeriod(const DenseMap<unsigned, unsigned> &next) {
  unsigned period = 1;
  for (auto [start, target] : next) {
    unsigned length = 1;
    for (unsigned at = target; at != start; at = next.lookup(at))
      ++length;
    period = std::lcm(period, length);
    if (period > maxPeriod)
      return period;
  }
  return period;
}

/// Whether a phase is each of 0 to period - 2, for all carried memrefs
/// alike (Vulkan's copies of the code after a select of one condition
/// fold the other selects of it).
SmallVector<Value> comparePhase(OpBuilder &builder, Location loc, Value phase,
                                unsigned period) {
  SmallVector<Value> isPhase;
  for (unsigned r = 0; r + 1 < period; ++r)
    isPhase.push_back(arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq, phase,
        arith::ConstantOp::create(builder, loc,
                                  builder.getIntegerAttr(phase.getType(), r))));
  return isPhase;
}

/// The start of carried memref \p index at a trip whose phase is the one
/// \p isPhase tells: a chain of selects over the phases.
Value selectStart(OpBuilder &builder, Location loc, ValueRange inits,
                  const DenseMap<unsigned, unsigned> &next, unsigned index,
                  ArrayRef<Value> isPhase) {
  unsigned period = isPhase.size() + 1;
  SmallVector<Value> starts;
  for (unsigned r = 0, at = index; r < period; ++r, at = next.lookup(at))
    starts.push_back(inits[at]);
  Value chosen = starts.back();
  for (int r = period - 2; r >= 0; --r)
    if (starts[r] != chosen)
      chosen =
          arith::SelectOp::create(builder, loc, isPhase[r], starts[r], chosen);
  return chosen;
}

/// For an scf.while: the carried memrefs, which the condition must pass
/// on in place and unchanged (the body's argument i is the condition's
/// argument i), and for each the one the body yields for the next trip.
std::optional<DenseMap<unsigned, unsigned>> getPermutation(scf::WhileOp loop) {
  ValueRange before = loop.getBeforeArguments();
  OperandRange forwarded = loop.getConditionOp().getArgs();
  auto forwardsInPlace = [&](unsigned index) {
    return index < before.size() && index < forwarded.size() &&
           forwarded[index] == before[index];
  };
  OperandRange yielded = loop.getYieldOp().getResults();
  DenseMap<unsigned, unsigned> next;
  DenseSet<unsigned> taken;
  for (auto [index, arg] : llvm::enumerate(before)) {
    if (!isa<MemRefType>(arg.getType()))
      continue;
    auto from = dyn_cast<BlockArgument>(yielded[index]);
    if (!forwardsInPlace(index) || !from ||
        from.getOwner() != loop.getAfterBody() ||
        !forwardsInPlace(from.getArgNumber()) ||
        !taken.insert(from.getArgNumber()).second)
      return std::nullopt;
    next[index] = from.getArgNumber();
  }
  // A memref the condition makes is carried out of the loop as it is.
  for (auto [index, value] : llvm::enumerate(forwarded))
    if (isa<MemRefType>(value.getType()) && !next.count(index))
      return std::nullopt;
  if (next.empty())
    return std::nullopt;
  return next;
}

/// The positions below \p size whose values \p next does not permute: what
/// a loop rebuilt without the carried memrefs keeps.
SmallVector<unsigned>
getKeptPositions(unsigned size, const DenseMap<unsigned, unsigned> &next) {
  SmallVector<unsigned> kept;
  for (unsigned position = 0; position < size; ++position)
    if (!next.count(position))
      kept.push_back(position);
  return kept;
}

/// \p loop's permutation and its period, where it repeats soon enough.
template <typename LoopOp>
std::optional<std::pair<DenseMap<unsigned, unsigned>, unsigned>>
getShortPermutation(LoopOp loop) {
  std::optional<DenseMap<unsigned, unsigned>> next = getPermutation(loop);
  if (!next)
    return std::nullopt;
  unsigned period = getPeriod(*next);
  if (period > maxPeriod)
    return std::nullopt;
  return std::make_pair(std::move(*next), period);
}

void selectPermuted(scf::WhileOp loop) {
  auto permutation = getShortPermutation(loop);
  if (!permutation)
    return;
  DenseMap<unsigned, unsigned> *next = &permutation->first;
  unsigned period = permutation->second;
  Location loc = loop.getLoc();
  IRRewriter rewriter(loop->getContext());
  Type index = rewriter.getIndexType();
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  // The starts, and those of the carried memrefs \p used for each phase of
  // a trip counter (none when none is used: no code that only dies).
  SmallVector<Value> inits(loop.getInits());
  auto startsAt = [&](Value trip, function_ref<bool(unsigned)> used) {
    DenseMap<unsigned, Value> starts;
    SmallVector<unsigned> wanted;
    for (unsigned index : llvm::make_first_range(*next))
      if (used(index))
        wanted.push_back(index);
    if (wanted.empty())
      return starts;
    Value phase = arith::RemUIOp::create(rewriter, loc, trip, constant(period));
    SmallVector<Value> isPhase = comparePhase(rewriter, loc, phase, period);
    for (unsigned index : wanted)
      starts[index] = selectStart(rewriter, loc, inits, *next, index, isPhase);
    return starts;
  };

  // The same loop without the carried memrefs, counting its trips instead.
  SmallVector<Value> keptInits;
  for (unsigned position : getKeptPositions(inits.size(), *next))
    keptInits.push_back(inits[position]);
  rewriter.setInsertionPoint(loop);
  keptInits.push_back(constant(0));
  SmallVector<unsigned> keptResults =
      getKeptPositions(loop.getNumResults(), *next);
  SmallVector<Type> keptTypes;
  for (unsigned position : keptResults)
    keptTypes.push_back(loop.getResult(position).getType());
  keptTypes.push_back(index);
  auto replacement = scf::WhileOp::create(rewriter, loc, keptTypes, keptInits);
  replacement->setDiscardableAttrs(loop->getDiscardableAttrDictionary());

  // Moves \p from into a new block of \p region taking the kept arguments
  // and the counter; the carried memrefs become their selects. The body
  // counts the trip first: the yield's operand stays an add of the counter
  // whatever Vulkan's specialization makes of the code after the selects
  // (BlockUniform.cpp).
  Value nextTrip;
  auto moveBlock = [&](Block *from, Region &region) {
    SmallVector<Type> types;
    SmallVector<Location> locs;
    for (BlockArgument arg : from->getArguments())
      if (!next->count(arg.getArgNumber())) {
        types.push_back(arg.getType());
        locs.push_back(arg.getLoc());
      }
    types.push_back(index);
    locs.push_back(loc);
    Block *block = rewriter.createBlock(&region, region.end(), types, locs);
    Value trip = block->getArguments().back();
    if (from == loop.getAfterBody())
      nextTrip = arith::AddIOp::create(rewriter, loc, trip, constant(1));
    // The condition's own uses only pass the memrefs on, which it no
    // longer does.
    Operation *passesOn =
        from == loop.getBeforeBody() ? from->getTerminator() : nullptr;
    DenseMap<unsigned, Value> starts = startsAt(trip, [&](unsigned index) {
      return llvm::any_of(from->getArgument(index).getUsers(),
                          [&](Operation *user) { return user != passesOn; });
    });
    SmallVector<Value> arguments;
    unsigned kept = 0;
    for (BlockArgument arg : from->getArguments())
      // One only the condition passes on stands for itself there, which
      // goes below.
      arguments.push_back(
          !next->count(arg.getArgNumber())   ? block->getArgument(kept++)
          : starts.count(arg.getArgNumber()) ? starts[arg.getArgNumber()]
                                             : inits[arg.getArgNumber()]);
    rewriter.mergeBlocks(from, block, arguments);
    return trip;
  };
  Value beforeTrip = moveBlock(loop.getBeforeBody(), replacement.getBefore());
  moveBlock(loop.getAfterBody(), replacement.getAfter());

  auto condition =
      cast<scf::ConditionOp>(replacement.getBeforeBody()->getTerminator());
  SmallVector<Value> forwarded;
  for (unsigned position : keptResults)
    forwarded.push_back(condition.getArgs()[position]);
  forwarded.push_back(beforeTrip);
  rewriter.setInsertionPoint(condition);
  scf::ConditionOp::create(rewriter, condition.getLoc(),
                           condition.getCondition(), forwarded);
  rewriter.eraseOp(condition);

  auto yield = cast<scf::YieldOp>(replacement.getAfterBody()->getTerminator());
  SmallVector<Value> yielded;
  for (auto [position, value] : llvm::enumerate(yield.getResults()))
    if (!next->count(position))
      yielded.push_back(value);
  yielded.push_back(nextTrip);
  rewriter.setInsertionPoint(yield);
  scf::YieldOp::create(rewriter, yield.getLoc(), yielded);
  rewriter.eraseOp(yield);

  // After the loop: the carried memrefs as the last trip's condition had
  // them.
  rewriter.setInsertionPointAfter(replacement);
  DenseMap<unsigned, Value> last =
      startsAt(replacement.getResults().back(), [&](unsigned index) {
        return !loop.getResult(index).use_empty();
      });
  for (auto [position, result] : llvm::enumerate(loop.getResults()))
    result.replaceAllUsesWith(
        next->count(position)
            ? last[position]
            : replacement.getResult(llvm::find(keptResults, position) -
                                    keptResults.begin()));
  rewriter.eraseOp(loop);
}

void selectPermuted(scf::ForOp loop) {
  auto permutation = getShortPermutation(loop);
  if (!permutation)
    return;
  DenseMap<unsigned, unsigned> *next = &permutation->first;
  unsigned period = permutation->second;
  Location loc = loop.getLoc();
  Type counter = loop.getInductionVar().getType();
  IRRewriter rewriter(loop->getContext());
  auto constant = [&](int64_t value) {
    return arith::ConstantOp::create(rewriter, loc,
                                     rewriter.getIntegerAttr(counter, value));
  };

  // After the loop: the phase of its number of trips.
  rewriter.setInsertionPointAfter(loop);
  Value runs =
      arith::CmpIOp::create(rewriter, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  Value span = arith::SubIOp::create(rewriter, loc, loop.getUpperBound(),
                                     loop.getLowerBound());
  Value trips = arith::SelectOp::create(
      rewriter, loc, runs,
      arith::CeilDivUIOp::create(rewriter, loc, span, loop.getStep()),
      constant(0));
  Value lastPhase =
      arith::RemUIOp::create(rewriter, loc, trips, constant(period));
  SmallVector<Value> isLastPhase =
      comparePhase(rewriter, loc, lastPhase, period);
  for (auto [index, target] : *next)
    loop.getResult(index).replaceAllUsesWith(selectStart(
        rewriter, loc, loop.getInitArgs(), *next, index, isLastPhase));

  // In the body: the phase of the trip.
  rewriter.setInsertionPointToStart(loop.getBody());
  Value trip = arith::DivUIOp::create(
      rewriter, loc,
      arith::SubIOp::create(rewriter, loc, loop.getInductionVar(),
                            loop.getLowerBound()),
      loop.getStep());
  Value phase = arith::RemUIOp::create(rewriter, loc, trip, constant(period));
  SmallVector<Value> isPhase = comparePhase(rewriter, loc, phase, period);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [index, target] : *next) {
    Value start =
        selectStart(rewriter, loc, loop.getInitArgs(), *next, index, isPhase);
    loop.getRegionIterArgs()[index].replaceUsesWithIf(
        start, [&](OpOperand &use) { return use.getOwner() != yield; });
  }

  // The same loop without the carried memrefs.
  SmallVector<unsigned> kept =
      getKeptPositions(loop.getInitArgs().size(), *next);
  SmallVector<Value> inits;
  for (unsigned index : kept)
    inits.push_back(loop.getInitArgs()[index]);
  scf::ForOp replacement = mlirc::createLoopLike(rewriter, loop, inits);
  Block *body = replacement.getBody();
  SmallVector<Value> arguments = {replacement.getInductionVar()};
  for (auto [index, init] : llvm::enumerate(loop.getInitArgs()))
    arguments.push_back(
        next->count(index)
            ? init
            : replacement
                  .getRegionIterArgs()[llvm::find(kept, index) - kept.begin()]);
  rewriter.mergeBlocks(loop.getBody(), body, arguments);
  auto oldYield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Value> yielded;
  for (unsigned index : kept)
    yielded.push_back(oldYield.getOperand(index));
  rewriter.setInsertionPoint(oldYield);
  scf::YieldOp::create(rewriter, oldYield.getLoc(), yielded);
  rewriter.eraseOp(oldYield);
  for (auto [position, index] : llvm::enumerate(kept))
    loop.getResult(index).replaceAllUsesWith(replacement.getResult(position));
  rewriter.eraseOp(loop);
}
} // namespace

scf::ForOp mlirc::createLoopLike(RewriterBase &rewriter, scf::ForOp loop,
                                 ValueRange inits) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  auto replacement =
      scf::ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  replacement.setUnsignedCmp(loop.getUnsignedCmp());
  replacement->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  Block *body = replacement.getBody();
  if (!body->empty())
    rewriter.eraseOp(body->getTerminator());
  return replacement;
}

void mlirc::selectPermutedBuffers(Operation *root) {
  // Inner loops first: an outer loop's trip may hold one.
  SmallVector<Operation *> loops;
  root->walk([&](Operation *op) {
    if (isa<scf::ForOp, scf::WhileOp>(op))
      loops.push_back(op);
  });
  for (Operation *loop : loops)
    TypeSwitch<Operation *>(loop).Case<scf::ForOp, scf::WhileOp>(
        [](auto typed) { selectPermuted(typed); });
}
