//===- OffloadPacker.cpp - Device images into the host module -------------===//

#include "targets/offload/OffloadPacker.h"
#include "pipeline/KernelHandle.h"

#include "llvm/Frontend/Offloading/OffloadWrapper.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace mlirc;

SmallString<0> mlirc::packOffloadBinary(const DeviceImage &image) {
  object::OffloadBinary::OffloadingImage entry;
  entry.TheImageKind = image.imageKind;
  entry.TheOffloadKind = image.offloadKind;
  entry.StringData["triple"] = image.triple;
  entry.StringData["arch"] = image.arch;
  for (const auto &[key, value] : image.strings)
    entry.StringData[key] = value;
  entry.Image = MemoryBuffer::getMemBuffer(image.data->getBuffer(), "",
                                           /*RequiresNullTerminator=*/false);
  return object::OffloadBinary::write(entry);
}

/// The host handle named \p name: the one a launch created, else a new one.
static GlobalVariable *getOrCreateHandle(Module &module,
                                         const std::string &name) {
  if (GlobalVariable *handle = module.getGlobalVariable(name, true))
    return handle;
  Type *i8 = Type::getInt8Ty(module.getContext());
  return new GlobalVariable(module, i8, /*isConstant=*/true,
                            GlobalValue::InternalLinkage,
                            ConstantInt::get(i8, 0), name);
}

void mlirc::embedOffloadBinaries(Module &module,
                                 ArrayRef<SmallString<0>> binaries,
                                 StringRef section) {
  if (section == ".llvm.offloading") {
    for (const SmallString<0> &binary : binaries)
      embedBufferInModule(module, MemoryBufferRef(binary, ""), section,
                          Align(object::OffloadBinary::getAlignment()));
    return;
  }
  // Loaded with the program (embedBufferInModule's sections are excluded
  // from it, for the offload linker only).
  for (const SmallString<0> &binary : binaries) {
    Constant *data = ConstantDataArray::getRaw(
        binary.str(), binary.size(), Type::getInt8Ty(module.getContext()));
    auto *image = new GlobalVariable(module, data->getType(),
                                     /*isConstant=*/true,
                                     GlobalValue::PrivateLinkage, data,
                                     "mlirc.image");
    image->setSection(section);
    image->setAlignment(Align(object::OffloadBinary::getAlignment()));
    appendToCompilerUsed(module, {image});
  }
}

void mlirc::emitOffloadEntries(Module &module, ArrayRef<std::string> kernels,
                               object::OffloadKind kind) {
  for (const std::string &kernel : kernels)
    offloading::emitOffloadingEntry(
        module, kind, getOrCreateHandle(module, getKernelHandleName(kernel)),
        kernel,
        /*Size=*/0, /*Flags=*/0, /*Data=*/0);
}

std::string mlirc::getOwnEntriesSectionPrefix(object::OffloadKind kind) {
  return kind == object::OFK_HIP ? "mlirc_own_entries_hip_"
                                 : "mlirc_own_entries_cuda_";
}

Error mlirc::registerOwnFatbinary(Module &module, object::OffloadKind kind,
                                  ArrayRef<char> fatbinary,
                                  ArrayRef<std::string> kernels,
                                  StringRef suffix, bool withoutLinkedImages) {
  // The entries live in a section of their own; the linker's __start_ and
  // __stop_ symbols for it bound the array the registration code walks.
  // Nothing to launch, nothing to register: the registration code walks
  // its entries from the first, so an empty table would be read past.
  if (kernels.empty())
    return Error::success();
  // CUDA and HIP entries of one gpu.binary stay apart.
  std::string section = getOwnEntriesSectionPrefix(kind) + suffix.str();
  std::vector<Constant *> entries;
  for (const std::string &kernel : kernels)
    entries.push_back(
        offloading::getOffloadingEntryInitializer(
            module, kind,
            getOrCreateHandle(module, withoutLinkedImages
                                          ? getKernelHandleName(kernel)
                                          : getKernelOwnHandleName(kernel)),
            kernel,
            /*Size=*/0, /*Flags=*/0, /*Data=*/0,
            /*AuxAddr=*/nullptr)
            .first);
  StructType *entryType = offloading::getEntryTy(module);
  auto *arrayType = ArrayType::get(entryType, entries.size());
  auto *array = new GlobalVariable(
      module, arrayType, /*isConstant=*/true, GlobalValue::InternalLinkage,
      ConstantArray::get(arrayType, entries), "__" + section);
  array->setSection(section);
  array->setAlignment(Align(object::OffloadBinary::getAlignment()));
  appendToCompilerUsed(module, {array});

  auto bound = [&](StringRef prefix) {
    auto *symbol = new GlobalVariable(
        module, entryType, /*isConstant=*/true, GlobalValue::ExternalLinkage,
        /*Initializer=*/nullptr, (prefix + section).str());
    symbol->setVisibility(GlobalValue::HiddenVisibility);
    return symbol;
  };
  offloading::EntryArrayTy bounds = {bound("__start_"), bound("__stop_")};
  if (kind == object::OFK_HIP)
    return offloading::wrapHIPBinary(module, fatbinary, bounds, suffix,
                                     /*EmitSurfacesAndTextures=*/false);
  return offloading::wrapCudaBinary(module, fatbinary, bounds, suffix,
                                    /*EmitSurfacesAndTextures=*/false);
}
