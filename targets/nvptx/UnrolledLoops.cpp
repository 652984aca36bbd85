//===- UnrolledLoops.cpp - Loops LLVM unrolls, not unrolled again ---------===//
//
// A one-thread-per-row GEMV, its loop unrolled four times by LLVM as
// nvcc's is: ptxas unrolled it four times more, to 29 registers against
// nvcc's 22; 20 with the unrolled loop's `.pragma "nounroll"`. NVVM's loops
// escape ptxas's unroller by the form of their exit test, which LLVM's do
// not have.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/UnrolledLoops.h"
#include "support/ModuleLoops.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

/// True when \p id has an llvm.loop.unroll attribute: the input's own
/// wish, which LLVM's unroller follows and marks itself.
static bool hasUnrollAttribute(MDNode *id) {
  if (!id)
    return false;
  for (const MDOperand &operand : drop_begin(id->operands())) {
    auto *attribute = dyn_cast<MDNode>(operand.get());
    if (!attribute || attribute->getNumOperands() == 0)
      continue;
    if (auto *name = dyn_cast<MDString>(attribute->getOperand(0)))
      if (name->getString().starts_with("llvm.loop.unroll."))
        return true;
  }
  return false;
}

void mlirc::keepUnrolledLoops(Module &module) {
  LLVMContext &context = module.getContext();
  Metadata *disable =
      MDNode::get(context, MDString::get(context, "llvm.loop.unroll.disable"));
  forEachLoop(module, [&](Loop &loop) {
    MDNode *id = loop.getLoopID();
    if (hasUnrollAttribute(id))
      return;
    // The unrolled loop gets the follow-up's attributes only, so the
    // loop's others (its location, mustprogress) go in it too.
    SmallVector<Metadata *> followup = {
        MDString::get(context, "llvm.loop.unroll.followup_unrolled"), disable};
    if (id)
      for (const MDOperand &operand : drop_begin(id->operands()))
        followup.push_back(operand.get());
    loop.setLoopID(makePostTransformationMetadata(
        context, id, {}, {MDNode::get(context, followup)}));
  });
}
