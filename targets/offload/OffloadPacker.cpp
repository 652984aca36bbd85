//===- OffloadPacker.cpp - Device images into the host module -------------===//

#include "targets/offload/OffloadPacker.h"
#include "pipeline/KernelHandle.h"

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
  entry.Image = MemoryBuffer::getMemBuffer(image.data->getBuffer(), "",
                                           /*RequiresNullTerminator=*/false);
  return object::OffloadBinary::write(entry);
}

/// The host handle of \p kernel: the one a launch created, else a new one.
static GlobalVariable *getOrCreateHandle(Module &module, StringRef kernel) {
  std::string name = getKernelHandleName(kernel);
  if (GlobalVariable *handle = module.getGlobalVariable(name, true))
    return handle;
  Type *i8 = Type::getInt8Ty(module.getContext());
  return new GlobalVariable(module, i8, /*isConstant=*/true,
                            GlobalValue::InternalLinkage,
                            ConstantInt::get(i8, 0), name);
}

void mlirc::embedOffloadBinaries(Module &module,
                                 ArrayRef<SmallString<0>> binaries,
                                 ArrayRef<std::string> kernels,
                                 object::OffloadKind kind) {
  for (const SmallString<0> &binary : binaries)
    embedBufferInModule(module, MemoryBufferRef(binary, ""),
                        ".llvm.offloading",
                        Align(object::OffloadBinary::getAlignment()));
  for (const std::string &kernel : kernels)
    offloading::emitOffloadingEntry(module, kind,
                                    getOrCreateHandle(module, kernel), kernel,
                                    /*Size=*/0, /*Flags=*/0, /*Data=*/0);
}
