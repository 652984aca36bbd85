//===- HostPartitions.cpp - The host module in parts for parallel codegen -===//

#include "compiler/HostPartitions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace mlirc;

namespace {

/// The module's defined globals in groups that must share a part, and the
/// part of each group.
class Partition {
public:
  explicit Partition(Module &module) : module(module) {}

  /// Groups the globals; false when the module cannot be split at all.
  bool group();
  /// Spreads the groups over at most \p parts parts; the number used.
  unsigned assign(unsigned parts);
  /// Joins the first constructor (or destructor) that \p assign put before
  /// one of the same priority listed ahead of it with that one; true when
  /// it joined them.
  bool keepConstructorOrder();
  uint64_t getTotalWeight() const { return totalWeight; }
  SmallString<0> writePart(unsigned part);

private:
  void refer(const GlobalValue *from, const Value *to);
  void join(const GlobalValue *a, const GlobalValue *b) {
    const GlobalValue *first = getLeader(a), *second = getLeader(b);
    if (first != second)
      parents[second] = first;
  }
  /// The part of the element \p index of the appending global \p list.
  unsigned getElementPart(const GlobalVariable *list, unsigned index) const;

  /// The group of \p global, by its first global (union-find with path
  /// halving). Not llvm::EquivalenceClasses: its BumpPtrAllocator,
  /// instantiated here under AddressSanitizer, would poison the slabs of
  /// MLIR's uninstrumented allocators in the sanitized build.
  const GlobalValue *getLeader(const GlobalValue *global) {
    auto it = parents.find(global);
    while (it != parents.end() && it->second != global) {
      const GlobalValue *parent = it->second;
      auto grand = parents.find(parent);
      it->second = grand->second;
      global = parent;
      it = grand;
    }
    return global;
  }

  Module &module;
  DenseMap<const GlobalValue *, const GlobalValue *> parents;
  /// Defined globals, in module order.
  std::vector<const GlobalValue *> order;
  DenseMap<const GlobalValue *, uint64_t> weights;
  uint64_t totalWeight = 0;
  /// The appending globals (llvm.global_ctors, llvm.used, ...) and, for each
  /// of their elements, one defined global it refers to (null for none).
  std::vector<std::pair<const GlobalVariable *,
                        std::vector<const GlobalValue *>>>
      lists;
  DenseMap<const GlobalValue *, unsigned> partOf;
  /// The constants refer() has looked through for the current global.
  SmallPtrSet<const Constant *, 32> seen;
};

} // namespace

/// Calls \p fn on each global \p root is or refers to through constants.
static void forEachGlobal(const Value *root,
                          SmallPtrSetImpl<const Constant *> &seen,
                          function_ref<void(const GlobalValue *)> fn) {
  SmallVector<const Value *> work = {root};
  while (!work.empty()) {
    const Value *value = work.pop_back_val();
    if (auto *global = dyn_cast<GlobalValue>(value)) {
      fn(global);
      continue;
    }
    if (auto *wrapped = dyn_cast<MetadataAsValue>(value)) {
      if (auto *local = dyn_cast<ValueAsMetadata>(wrapped->getMetadata()))
        work.push_back(local->getValue());
      continue;
    }
    auto *constant = dyn_cast<Constant>(value);
    if (!constant || isa<ConstantData>(constant) ||
        !seen.insert(constant).second)
      continue;
    for (const Use &operand : constant->operands())
      work.push_back(operand.get());
  }
}

void Partition::refer(const GlobalValue *from, const Value *to) {
  forEachGlobal(to, seen, [&](const GlobalValue *global) {
    if (!global->isDeclaration() && !global->hasAppendingLinkage())
      join(from, global);
  });
}

bool Partition::group() {
  // Every part would define the module's inline assembly again.
  if (!module.getModuleInlineAsm().empty())
    return false;
  auto add = [&](const GlobalValue &global, uint64_t weight) {
    if (global.isDeclaration())
      return;
    order.push_back(&global);
    parents[&global] = &global;
    weights[&global] = weight;
    totalWeight += weight;
  };
  // Functions first: groups then come in the order of their code, which
  // is the order mlirc lists the kernels' constructors in.
  for (const Function &function : module)
    add(function, function.getInstructionCount() + 1);
  for (const GlobalVariable &global : module.globals())
    if (!global.hasAppendingLinkage())
      add(global, 1);
  for (const GlobalAlias &alias : module.aliases())
    add(alias, 1);
  for (const GlobalIFunc &ifunc : module.ifuncs())
    add(ifunc, 1);

  DenseMap<const Comdat *, const GlobalValue *> comdats;
  for (const GlobalValue *global : order) {
    seen.clear();
    if (auto *object = dyn_cast<GlobalObject>(global)) {
      if (const Comdat *comdat = object->getComdat()) {
        auto [it, inserted] = comdats.try_emplace(comdat, global);
        join(global, it->second);
      }
      if (MDNode *associated =
              object->getMetadata(LLVMContext::MD_associated))
        if (associated->getNumOperands() > 0)
          if (auto *value = dyn_cast_if_present<ValueAsMetadata>(
                  associated->getOperand(0)))
            refer(global, value->getValue());
    }
    if (auto *variable = dyn_cast<GlobalVariable>(global)) {
      if (variable->hasInitializer())
        refer(global, variable->getInitializer());
    } else if (auto *alias = dyn_cast<GlobalAlias>(global)) {
      refer(global, alias->getAliasee());
    } else if (auto *ifunc = dyn_cast<GlobalIFunc>(global)) {
      refer(global, ifunc->getResolver());
    } else if (auto *function = dyn_cast<Function>(global)) {
      if (function->hasPersonalityFn())
        refer(global, function->getPersonalityFn());
      if (function->hasPrefixData())
        refer(global, function->getPrefixData());
      if (function->hasPrologueData())
        refer(global, function->getPrologueData());
      for (const Instruction &inst : instructions(*function)) {
        for (const Use &operand : inst.operands())
          refer(global, operand.get());
        // A debug record may name a global, which must then be defined
        // where the record is.
        for (const DbgVariableRecord &record :
             filterDbgVars(inst.getDbgRecordRange()))
          for (Value *location : record.location_ops())
            if (location)
              refer(global, location);
      }
    }
  }

  // An element of an appending list goes where what it names is defined:
  // a constructor with its associated data, so those share a part.
  for (const GlobalVariable &list : module.globals()) {
    if (!list.hasAppendingLinkage())
      continue;
    // A use of the list itself would not survive its division.
    if (!list.use_empty())
      return false;
    std::vector<const GlobalValue *> representatives;
    if (list.hasInitializer())
      if (auto *elements = dyn_cast<ConstantArray>(list.getInitializer()))
        for (const Use &element : elements->operands()) {
          const GlobalValue *first = nullptr;
          seen.clear();
          forEachGlobal(element.get(), seen, [&](const GlobalValue *global) {
            if (global->isDeclaration())
              return;
            if (first)
              join(first, global);
            else
              first = global;
          });
          representatives.push_back(first);
        }
    if (!isa_and_present<ConstantArray>(list.getInitializer()) &&
        list.hasInitializer() && !list.getInitializer()->isNullValue())
      return false;
    lists.push_back({&list, std::move(representatives)});
  }
  return true;
}

unsigned Partition::assign(unsigned parts) {
  // Groups in the order of their first global, in runs of about equal
  // weight: a part holds neighbouring kernels, in source order.
  std::vector<const GlobalValue *> leaders;
  DenseMap<const GlobalValue *, uint64_t> groupWeights;
  for (const GlobalValue *global : order) {
    const GlobalValue *leader = getLeader(global);
    auto [it, inserted] = groupWeights.try_emplace(leader, 0);
    if (inserted)
      leaders.push_back(leader);
    it->second += weights[global];
  }
  // A group heavier than a part leaves the parts it covers empty: the
  // parts used are numbered densely.
  DenseMap<const GlobalValue *, unsigned> leaderParts;
  uint64_t before = 0;
  unsigned used = 0, lastRun = 0;
  for (const GlobalValue *leader : leaders) {
    unsigned run = std::min<uint64_t>(parts - 1, before * parts / totalWeight);
    if (used == 0 || run != lastRun)
      ++used;
    lastRun = run;
    leaderParts[leader] = used - 1;
    before += groupWeights[leader];
  }
  partOf.clear();
  for (const GlobalValue *global : order)
    partOf[global] = leaderParts[getLeader(global)];
  return used;
}

unsigned Partition::getElementPart(const GlobalVariable *list,
                                   unsigned index) const {
  for (const auto &[candidate, representatives] : lists) {
    if (candidate != list)
      continue;
    // An element that names nothing defined here (a constructor defined in
    // another file) stays with the element before it.
    for (unsigned i = index + 1; i-- > 0;)
      if (const GlobalValue *global = representatives[i])
        return partOf.lookup(global);
  }
  return 0;
}

bool Partition::keepConstructorOrder() {
  // Constructors of one priority run in the order of their list; the
  // linker concatenates the parts' lists in part order.
  for (const auto &[list, representatives] : lists) {
    if (list->getName() != "llvm.global_ctors" &&
        list->getName() != "llvm.global_dtors")
      continue;
    auto *elements = cast<ConstantArray>(list->getInitializer());
    DenseMap<uint64_t, std::pair<unsigned, const GlobalValue *>> last;
    for (unsigned i = 0; i < representatives.size(); ++i) {
      const GlobalValue *global = representatives[i];
      if (!global)
        continue;
      auto *entry = dyn_cast<ConstantStruct>(elements->getOperand(i));
      auto *priority = entry ? dyn_cast<ConstantInt>(entry->getOperand(0))
                             : nullptr;
      uint64_t key = priority ? priority->getZExtValue() : 0;
      unsigned part = partOf.lookup(global);
      auto [it, inserted] = last.try_emplace(key, part, global);
      // The parts after the join are not known yet: one join at a time.
      if (!inserted && part < it->second.first) {
        join(global, it->second.second);
        return true;
      }
      it->second = {part, global};
    }
  }
  return false;
}

SmallString<0> Partition::writePart(unsigned part) {
  ValueToValueMapTy map;
  std::unique_ptr<Module> clone =
      CloneModule(module, map, [&](const GlobalValue *global) {
        return !global->hasAppendingLinkage() && partOf.lookup(global) == part;
      });
  // What no other part may need: a local of the module that this part
  // uses but another defines would be an undefined symbol at the link.
  for (GlobalValue &global : clone->global_values()) {
    if (!global.isDeclaration() || global.use_empty())
      continue;
    const GlobalValue *original = module.getNamedValue(global.getName());
    if (original && original->hasLocalLinkage() && !original->isDeclaration())
      report_fatal_error("mlirc: internal error: part " + Twine(part + 1) +
                         " of the host module uses '" + global.getName() +
                         "', a local of another part");
  }
  // CloneModule left each list a declaration: it becomes the part's share.
  for (const auto &[list, representatives] : lists) {
    auto *declared = cast<GlobalVariable>(map[list]);
    std::vector<Constant *> elements;
    if (auto *all = dyn_cast_if_present<ConstantArray>(
            list->hasInitializer() ? list->getInitializer() : nullptr))
      for (unsigned i = 0; i < all->getNumOperands(); ++i)
        if (getElementPart(list, i) == part)
          elements.push_back(MapValue(all->getOperand(i), map));
    if (!elements.empty()) {
      auto *type = ArrayType::get(
          cast<ArrayType>(list->getValueType())->getElementType(),
          elements.size());
      auto *share = new GlobalVariable(
          *clone, type, list->isConstant(), GlobalValue::AppendingLinkage,
          ConstantArray::get(type, elements), "", nullptr,
          list->getThreadLocalMode(), list->getAddressSpace());
      share->copyAttributesFrom(list);
      share->takeName(declared);
    }
    declared->eraseFromParent();
  }
  // CloneModule declares every global of the module in every part; those
  // this part never names would make each part's bitcode, and the work on
  // it, grow with the whole module.
  for (GlobalValue &global : make_early_inc_range(clone->global_values()))
    if (global.isDeclaration() && global.use_empty() &&
        !global.isUsedByMetadata() && !global.hasAppendingLinkage())
      global.eraseFromParent();
  SmallString<0> bitcode;
  raw_svector_ostream os(bitcode);
  WriteBitcodeToFile(*clone, os);
  return bitcode;
}

std::vector<SmallString<0>>
mlirc::splitHostModule(Module &module, unsigned instructionsPerPart,
                       unsigned maxParts) {
  Partition partition(module);
  if (!partition.group())
    return {};
  uint64_t wanted = std::min<uint64_t>(
      maxParts, partition.getTotalWeight() / std::max(1u, instructionsPerPart));
  if (wanted < 2)
    return {};
  // A power of two: as many parts on each of 2, 4, 8 or 16 cores.
  wanted = uint64_t(1) << Log2_64(wanted);
  unsigned used;
  do
    used = partition.assign(wanted);
  while (partition.keepConstructorOrder());
  if (used < 2)
    return {};
  std::vector<SmallString<0>> parts;
  for (unsigned part = 0; part < used; ++part)
    parts.push_back(partition.writePart(part));
  return parts;
}

void mlirc::checkHostParts(Module &module) {
  for (const SmallString<0> &bitcode : splitHostModule(module, 1, 16)) {
    LLVMContext context;
    Expected<std::unique_ptr<Module>> part =
        parseBitcodeFile(MemoryBufferRef(bitcode, "host part"), context);
    if (!part)
      report_fatal_error("mlirc: internal error: a part of the host module "
                         "does not read back: " +
                         Twine(toString(part.takeError())));
    std::string problems;
    raw_string_ostream os(problems);
    if (verifyModule(**part, &os))
      report_fatal_error("mlirc: internal error: a part of the host module "
                         "does not verify: " +
                         Twine(problems));
  }
}
