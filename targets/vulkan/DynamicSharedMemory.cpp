//===- DynamicSharedMemory.cpp - Workgroup memory sized at launch ---------===//

#include "targets/vulkan/DynamicSharedMemory.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <cstring>
#include <vector>

using namespace llvm;

namespace {

// The SPIR-V opcodes the patch reads and writes.
constexpr uint32_t opTypeArray = 28, opTypeStruct = 30, opTypePointer = 32,
                   opConstant = 43, opSpecConstant = 50, opVariable = 59,
                   opDecorate = 71, opMemberDecorate = 72, decorationSpecId = 1,
                   storageWorkgroup = 4;

uint32_t header(uint32_t count, uint32_t opcode) {
  return (count << 16) | opcode;
}

} // namespace

bool mlirc::specializeDynamicSharedMemory(std::string &spirv) {
  if (spirv.size() % 4 || spirv.size() < 20)
    return false;
  std::vector<uint32_t> words(spirv.size() / 4);
  std::memcpy(words.data(), spirv.data(), spirv.size());

  // The marker's constants, the arrays of that length, the structs that
  // hold them and the Workgroup pointers to those; the first variable of
  // such a pointer, before which the new types go; where annotations end.
  DenseSet<uint32_t> markers;
  DenseMap<uint32_t, SmallVector<uint32_t>> arrays, structs, pointers;
  uint32_t lengthType = 0;
  size_t firstVariable = 0, annotationsEnd = 0;
  for (size_t at = 5; at < words.size();) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > words.size())
      return false;
    const uint32_t *op = &words[at];
    if (opcode == opConstant && count == 4 &&
        op[3] == static_cast<uint32_t>(dynamicSharedMarker)) {
      markers.insert(op[2]);
      lengthType = op[1];
    } else if (opcode == opTypeArray && count == 4 && markers.count(op[3])) {
      arrays[op[1]] = {op + 1, op + count};
    } else if (opcode == opTypeStruct) {
      for (uint32_t i = 2; i < count; ++i)
        if (arrays.count(op[i]))
          structs[op[1]] = {op + 1, op + count};
    } else if (opcode == opTypePointer && count == 4 &&
               op[2] == storageWorkgroup && structs.count(op[3])) {
      pointers[op[1]] = {op + 1, op + count};
    } else if (opcode == opVariable && count >= 4 && pointers.count(op[1]) &&
               !firstVariable) {
      firstVariable = at;
    }
    // Annotations end where the types, constants and globals begin
    // (OpTypeVoid 19 to OpTypeForwardPointer 39, constants 41 to 52,
    // OpVariable 59, OpUndef 1).
    bool global = (opcode >= 19 && opcode <= 39) ||
                  (opcode >= 41 && opcode <= 52) || opcode == 59 ||
                  opcode == 1;
    if (global && !annotationsEnd)
      annotationsEnd = at;
    at += count;
  }
  if (!firstVariable || !annotationsEnd)
    return false;

  // New ids past the bound: the spec constant, then an array, struct and
  // pointer for each old one.
  uint32_t &bound = words[3];
  uint32_t spec = bound++;
  DenseMap<uint32_t, uint32_t> renamed;
  for (auto *group : {&arrays, &structs, &pointers}) {
    SmallVector<uint32_t> ids;
    for (auto &[id, operands] : *group)
      ids.push_back(id);
    llvm::sort(ids);
    for (uint32_t id : ids)
      renamed[id] = bound++;
  }
  auto rename = [&](uint32_t id) {
    auto it = renamed.find(id);
    return it == renamed.end() ? id : it->second;
  };

  std::vector<uint32_t> types = {header(4, opSpecConstant), lengthType, spec,
                                 1};
  // Operands are ids but for a pointer's storage class (operand 1).
  auto emit = [&](uint32_t opcode, const SmallVector<uint32_t> &operands) {
    types.push_back(header(operands.size() + 1, opcode));
    types.push_back(renamed[operands[0]]);
    for (size_t i = 1; i < operands.size(); ++i) {
      if (opcode == opTypeArray && i == 2)
        types.push_back(spec);
      else if (opcode == opTypePointer && i == 1)
        types.push_back(operands[i]);
      else
        types.push_back(rename(operands[i]));
    }
  };
  // In definition order: arrays, structs, pointers. Sorted by id, so that
  // the same module gives the same words.
  for (auto [group, opcode] : {std::pair{&arrays, opTypeArray},
                                std::pair{&structs, opTypeStruct},
                                std::pair{&pointers, opTypePointer}}) {
    SmallVector<uint32_t> ids;
    for (auto &[id, operands] : *group)
      ids.push_back(id);
    llvm::sort(ids);
    for (uint32_t id : ids)
      emit(opcode, (*group)[id]);
  }

  // The variables take the new pointers; the new types the old ones'
  // decorations (ArrayStride, member offsets), and the length its SpecId.
  std::vector<uint32_t> decorations = {header(4, opDecorate), spec,
                                       decorationSpecId, dynamicSharedSpecId};
  for (size_t at = 5; at < words.size();) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    uint32_t *op = &words[at];
    if (opcode == opVariable && count >= 4 && pointers.count(op[1]))
      op[1] = renamed[op[1]];
    if ((opcode == opDecorate || opcode == opMemberDecorate) && count >= 3 &&
        renamed.count(op[1]) && (arrays.count(op[1]) || structs.count(op[1]))) {
      decorations.insert(decorations.end(), op, op + count);
      decorations[decorations.size() - count + 1] = renamed[op[1]];
    }
    at += count;
  }
  words.insert(words.begin() + firstVariable, types.begin(), types.end());
  words.insert(words.begin() + annotationsEnd, decorations.begin(),
               decorations.end());
  spirv.assign(reinterpret_cast<const char *>(words.data()),
               words.size() * 4);
  return true;
}
