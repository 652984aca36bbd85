//===- WorkgroupSizeSpec.cpp - Workgroup sizes chosen at launch -----------===//

#include "targets/vulkan/WorkgroupSizeSpec.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"
#include <cstring>

using namespace mlir;

static constexpr StringLiteral compositeName = "__mlirc_workgroup_size";

bool mlirc::specializeWorkgroupSize(spirv::ModuleOp module) {
  StringRef abiName = spirv::getEntryPointABIAttrName();
  bool chosenAtLaunch = false;
  module.walk([&](spirv::FuncOp function) {
    if (auto abi = function->getAttrOfType<spirv::EntryPointABIAttr>(abiName))
      chosenAtLaunch |= !abi.getWorkgroupSize();
  });
  if (!chosenAtLaunch)
    return false;

  Location loc = module.getLoc();
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  SmallVector<Attribute> parts;
  for (uint32_t i = 0; i < 3; ++i) {
    std::string name = std::string(compositeName) + "_" + "xyz"[i];
    auto spec = spirv::SpecConstantOp::create(b, loc, b.getStringAttr(name),
                                              b.getI32IntegerAttr(1));
    spec->setAttr("spec_id", b.getI32IntegerAttr(workgroupSizeSpecId + i));
    parts.push_back(FlatSymbolRefAttr::get(spec.getSymNameAttr()));
  }
  auto type = VectorType::get({3}, b.getI32Type());
  spirv::SpecConstantCompositeOp::create(b, loc, TypeAttr::get(type),
                                         b.getStringAttr(compositeName),
                                         b.getArrayAttr(parts));

  // MLIR's gpu.block_dim loads the built-in variable; the composite is
  // the same vector.
  SmallVector<spirv::GlobalVariableOp> builtins;
  for (auto variable : module.getOps<spirv::GlobalVariableOp>())
    if (variable.getBuiltIn() == "WorkgroupSize")
      builtins.push_back(variable);
  for (spirv::GlobalVariableOp variable : builtins) {
    SmallVector<spirv::AddressOfOp> addresses;
    module.walk([&](spirv::AddressOfOp address) {
      if (address.getVariable() == variable.getSymName())
        addresses.push_back(address);
    });
    for (spirv::AddressOfOp address : addresses) {
      for (Operation *user : llvm::make_early_inc_range(address->getUsers())) {
        OpBuilder at(user);
        Value size = spirv::ReferenceOfOp::create(at, user->getLoc(), type,
                                                  compositeName);
        user->replaceAllUsesWith(ValueRange{size});
        user->erase();
      }
      address.erase();
    }
    variable.erase();
  }
  return true;
}

bool mlirc::decorateWorkgroupSize(std::string &spirv) {
  if (spirv.size() % 4 || spirv.size() < 20)
    return false;
  std::vector<uint32_t> words(spirv.size() / 4);
  std::memcpy(words.data(), spirv.data(), spirv.size());
  constexpr uint32_t opName = 5, opDecorate = 71, builtIn = 11,
                     workgroupSize = 25;
  // The composite's id, from its name; and where annotations end: the
  // first instruction of the types, constants and globals, which follow
  // them (OpTypeVoid 19 to OpTypeForwardPointer 39, constants 41 to 52,
  // OpVariable 59, OpUndef 1).
  uint32_t id = 0;
  size_t insertAt = 0;
  for (size_t at = 5; at < words.size();) {
    uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > words.size())
      return false;
    if (opcode == opName && count >= 3) {
      const char *name = reinterpret_cast<const char *>(&words[at + 2]);
      size_t limit = (count - 2) * 4;
      if (strnlen(name, limit) == compositeName.size() &&
          compositeName == StringRef(name, compositeName.size()))
        id = words[at + 1];
    }
    bool global = (opcode >= 19 && opcode <= 39) ||
                  (opcode >= 41 && opcode <= 52) || opcode == 59 ||
                  opcode == 1;
    if (global) {
      insertAt = at;
      break;
    }
    at += count;
  }
  if (!id || !insertAt)
    return false;
  uint32_t decoration[] = {(4u << 16) | opDecorate, id, builtIn,
                           workgroupSize};
  words.insert(words.begin() + insertAt, std::begin(decoration),
               std::end(decoration));
  spirv.assign(reinterpret_cast<const char *>(words.data()),
               words.size() * 4);
  return true;
}
