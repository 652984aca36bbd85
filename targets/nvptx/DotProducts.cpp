//===- DotProducts.cpp - Byte dot products as dp4a ------------------------===//
//
// An int8 dot product of four elements per thread: 46 PTX instructions
// against nvcc's 37, which has one dp4a where LLVM has four byte loads
// sign-extended with shifts and permutes, three multiplies and adds.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/DotProducts.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"
#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {

/// One factor of the products: bytes and whether they are signed.
struct Bytes {
  Value *vector = nullptr;
  bool isSigned = false;
};

} // namespace

/// \p value as extended bytes, if it is a vector of them extended.
static std::optional<Bytes> matchBytes(Value *value) {
  Bytes bytes;
  if (match(value, m_SExt(m_Value(bytes.vector))))
    bytes.isSigned = true;
  else if (!match(value, m_ZExt(m_Value(bytes.vector))))
    return std::nullopt;
  auto *type = dyn_cast<FixedVectorType>(bytes.vector->getType());
  if (!type || !type->getElementType()->isIntegerTy(8))
    return std::nullopt;
  return bytes;
}

static Intrinsic::ID getDp4a(bool aSigned, bool bSigned) {
  if (aSigned)
    return bSigned ? Intrinsic::nvvm_idp4a_s_s : Intrinsic::nvvm_idp4a_s_u;
  return bSigned ? Intrinsic::nvvm_idp4a_u_s : Intrinsic::nvvm_idp4a_u_u;
}

/// Rewrites \p reduction if it sums products of bytes.
static void rewrite(IntrinsicInst *reduction) {
  Value *lhs, *rhs;
  auto *type =
      dyn_cast<FixedVectorType>(reduction->getArgOperand(0)->getType());
  if (!type || !type->getElementType()->isIntegerTy(32) ||
      type->getNumElements() % 4 != 0 ||
      !match(reduction->getArgOperand(0), m_Mul(m_Value(lhs), m_Value(rhs))))
    return;
  std::optional<Bytes> a = matchBytes(lhs), b = matchBytes(rhs);
  if (!a || !b)
    return;
  // An add the sum goes into becomes the first dp4a's addend.
  Instruction *result = reduction;
  Value *sum = ConstantInt::get(reduction->getType(), 0);
  if (reduction->hasOneUse()) {
    Value *addend;
    auto *user = cast<Instruction>(reduction->user_back());
    if (match(user, m_c_Add(m_Specific(reduction), m_Value(addend)))) {
      result = user;
      sum = addend;
    }
  }
  // At the add, which its addend dominates too.
  IRBuilder<> builder(result);
  Intrinsic::ID id = getDp4a(a->isSigned, b->isSigned);
  auto word = [&](Value *bytes, unsigned first) -> Value * {
    // Bytes from memory that may be unaligned are loaded one by one; NVPTX
    // would combine them with shifts and ors, three instructions a byte
    // where permutes take one, as in nvcc's code.
    auto *load = dyn_cast<LoadInst>(bytes);
    if (!load || !load->isSimple() || load->getAlign().value() >= 4) {
      if (type->getNumElements() != 4)
        bytes = builder.CreateShuffleVector(
            bytes, ArrayRef<int>{int(first), int(first) + 1, int(first) + 2,
                                 int(first) + 3});
      return builder.CreateBitCast(bytes, builder.getInt32Ty());
    }
    // Where the vector was loaded: a store may follow.
    IRBuilder<> loads(load);
    Value *byte[4];
    for (unsigned i = 0; i < 4; ++i) {
      LoadInst *one = loads.CreateAlignedLoad(
          loads.getInt8Ty(),
          loads.CreateConstInBoundsGEP1_64(
              loads.getInt8Ty(), load->getPointerOperand(), first + i),
          commonAlignment(load->getAlign(), first + i));
      one->setAAMetadata(load->getAAMetadata());
      byte[i] = loads.CreateZExt(one, loads.getInt32Ty());
    }
    // prmt's selector picks each byte of the result from those of its
    // operands: 0-3 the first's, 4-7 the second's.
    auto permute = [&](Value *low, Value *high, unsigned selector) {
      return builder.CreateIntrinsic(builder.getInt32Ty(), Intrinsic::nvvm_prmt,
                                     {low, high, builder.getInt32(selector)});
    };
    return permute(permute(byte[0], byte[1], 0x3340),
                   permute(byte[2], byte[3], 0x3340), 0x5410);
  };
  for (unsigned first = 0; first < type->getNumElements(); first += 4)
    sum = builder.CreateIntrinsic(
        builder.getInt32Ty(), id,
        {word(a->vector, first), word(b->vector, first), sum});
  result->replaceAllUsesWith(sum);
  RecursivelyDeleteTriviallyDeadInstructions(result);
}

void mlirc::formDotProducts(Module &module) {
  for (Function &function : module) {
    SmallVector<IntrinsicInst *> reductions;
    for (Instruction &instruction : instructions(function))
      if (auto *call = dyn_cast<IntrinsicInst>(&instruction))
        if (call->getIntrinsicID() == Intrinsic::vector_reduce_add)
          reductions.push_back(call);
    for (IntrinsicInst *reduction : reductions)
      rewrite(reduction);
  }
}
