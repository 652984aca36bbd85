//===- ParallelLoopAccesses.cpp - Accesses of loops stated parallel -------===//

#include "compiler/ParallelLoopAccesses.h"
#include "support/ModuleLoops.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

/// The access groups \p node names: itself, or the list it is.
static void addGroups(MDNode *node, SmallPtrSetImpl<const MDNode *> &groups) {
  if (node->getNumOperands() == 0) {
    groups.insert(node);
    return;
  }
  for (const MDOperand &operand : node->operands())
    if (auto *group = dyn_cast_or_null<MDNode>(operand))
      groups.insert(group);
}

/// The groups \p loop states parallel that no instruction carried before.
static SmallVector<MDNode *, 1>
getUnusedParallelGroups(const Loop &loop,
                        const SmallPtrSetImpl<const MDNode *> &used) {
  SmallVector<MDNode *, 1> groups;
  MDNode *id = loop.getLoopID();
  if (!id)
    return groups;
  for (const MDOperand &operand : drop_begin(id->operands())) {
    auto *property = dyn_cast_or_null<MDNode>(operand);
    if (!property || property->getNumOperands() == 0)
      continue;
    auto *name = dyn_cast_or_null<MDString>(property->getOperand(0));
    if (!name || name->getString() != "llvm.loop.parallel_accesses")
      continue;
    for (const MDOperand &member : drop_begin(property->operands()))
      if (auto *group = dyn_cast_or_null<MDNode>(member);
          group && !used.count(group))
        groups.push_back(group);
  }
  return groups;
}

void mlirc::tagParallelLoopAccesses(Module &module) {
  SmallPtrSet<const MDNode *, 16> used;
  for (Function &function : module)
    for (Instruction &inst : instructions(function))
      if (MDNode *node = inst.getMetadata(LLVMContext::MD_access_group))
        addGroups(node, used);
  forEachLoop(module, [&](Loop &loop) {
    SmallVector<MDNode *, 1> groups = getUnusedParallelGroups(loop, used);
    if (groups.empty())
      return;
    for (BasicBlock *block : loop.blocks())
      for (Instruction &inst : *block) {
        auto *load = dyn_cast<LoadInst>(&inst);
        auto *store = dyn_cast<StoreInst>(&inst);
        if (!(load && load->isSimple()) && !(store && store->isSimple()))
          continue;
        MDNode *tags = inst.getMetadata(LLVMContext::MD_access_group);
        for (MDNode *group : groups)
          tags = uniteAccessGroups(tags, group);
        inst.setMetadata(LLVMContext::MD_access_group, tags);
      }
  });
}
