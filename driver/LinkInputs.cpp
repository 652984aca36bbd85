//===- LinkInputs.cpp - What the objects and archives of a link carry -----===//
//
// A link needs the runtime backends of the device code its inputs carry:
// the offload images in their `.llvm.offloading` sections, calls that
// register host-target kernels, and sections of mlirc's own (the Vulkan
// images). LLVM IR inputs (-emit-llvm's) say the same in their globals'
// sections and the functions they declare.
//
//===----------------------------------------------------------------------===//

#include "driver/LinkInputs.h"
#include "pipeline/KernelHandle.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/IRObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;
using namespace mlirc;

/// True when \p binary, an object file, registers host-target kernels.
static bool registersHostKernels(const object::Binary &binary) {
  const auto *file = dyn_cast<object::ObjectFile>(&binary);
  if (!file)
    return false;
  for (const object::SymbolRef &symbol : file->symbols()) {
    Expected<StringRef> name = symbol.getName();
    Expected<uint32_t> flags = symbol.getFlags();
    if (!name || !flags) {
      consumeError(name.takeError());
      consumeError(flags.takeError());
      continue;
    }
    if (*name == hostKernelRegistrationFunction &&
        (*flags & object::SymbolRef::SF_Undefined))
      return true;
  }
  return false;
}

/// Adds what the LLVM IR \p module (a .ll or .bc input, or a bitcode
/// archive member) carries to \p contents: its globals in `mlirc_*` and
/// `.llvm.offloading` sections, and a call registering host-target kernels.
static void scanModule(const Module &module, LinkInputContents &contents) {
  if (const Function *registration =
          module.getFunction(hostKernelRegistrationFunction))
    contents.hostKernels |= registration->isDeclaration();
  for (const GlobalVariable &global : module.globals()) {
    StringRef section = global.getSection();
    if (section.starts_with("mlirc_"))
      contents.sections.insert(section.str());
    const auto *data =
        global.hasInitializer()
            ? dyn_cast<ConstantDataSequential>(global.getInitializer())
            : nullptr;
    if (section != ".llvm.offloading" || !data)
      continue;
    SmallVector<object::OffloadFile> images;
    if (Error err = object::extractOffloadBinaries(
            MemoryBufferRef(data->getRawDataValues(), global.getName()),
            images))
      consumeError(std::move(err));
    for (const object::OffloadFile &image : images)
      contents.offloadKinds.insert(image.getBinary()->getOffloadKind());
  }
}

/// Adds the names of \p binary's sections that mlirc's units define
/// (`mlirc_*`, such as the Vulkan images) to \p contents.
static void collectSections(const object::Binary &binary,
                            LinkInputContents &contents) {
  if (const auto *ir = dyn_cast<object::IRObjectFile>(&binary)) {
    for (const Module &module : ir->modules())
      scanModule(module, contents);
    return;
  }
  const auto *file = dyn_cast<object::ObjectFile>(&binary);
  if (!file)
    return;
  for (const object::SectionRef &section : file->sections()) {
    Expected<StringRef> name = section.getName();
    if (!name) {
      consumeError(name.takeError());
      continue;
    }
    if (name->starts_with("mlirc_"))
      contents.sections.insert(name->str());
  }
}

/// The static archive a link's `-l<name>` takes from the `-L` directories
/// of \p inputs, as the linker searches them; empty when it finds a shared
/// library first (its device code is linked already) or nothing.
static std::string findArchive(StringRef name,
                               const std::vector<Input> &inputs) {
  std::vector<std::string> fileNames;
  if (name.consume_front(":"))
    fileNames = {name.str()};
  else
    fileNames = {("lib" + name + ".so").str(), ("lib" + name + ".a").str()};
  for (const Input &input : inputs) {
    StringRef dir = input.value;
    if (input.kind != Input::Kind::LinkFlag || !dir.consume_front("-L"))
      continue;
    for (const std::string &fileName : fileNames) {
      SmallString<128> path(dir);
      sys::path::append(path, fileName);
      if (!sys::fs::exists(path))
        continue;
      return StringRef(path).ends_with(".a") ? path.str().str() : "";
    }
  }
  return "";
}

LinkInputContents mlirc::scanLinkInputs(const std::vector<Input> &inputs) {
  LinkInputContents contents;
  // What bitcode inputs are read into.
  LLVMContext context;
  for (const Input &input : inputs) {
    std::string path = input.value;
    StringRef extension = sys::path::extension(path);
    if (input.kind == Input::Kind::Source &&
        (input.language == "ir" ||
         (input.language.empty() &&
          (extension == ".ll" || extension == ".bc")))) {
      // LLVM IR (mlirc -S/-c -emit-llvm), compiled by clang for the link.
      SMDiagnostic error;
      if (std::unique_ptr<Module> module = parseIRFile(path, error, context))
        scanModule(*module, contents);
      continue;
    }
    if (input.kind == Input::Kind::LinkFlag &&
        StringRef(input.value).starts_with("-l"))
      path = findArchive(StringRef(input.value).drop_front(2), inputs);
    else if (input.kind != Input::Kind::LinkInput)
      continue;
    if (path.empty())
      continue;
    Expected<object::OwningBinary<object::Binary>> owned =
        object::createBinary(path, &context);
    if (!owned) {
      consumeError(owned.takeError());
      continue;
    }
    const object::Binary &binary = *owned->getBinary();
    SmallVector<object::OffloadFile> images;
    if (Error err =
            object::extractOffloadBinaries(binary.getMemoryBufferRef(), images))
      consumeError(std::move(err));
    for (const object::OffloadFile &image : images)
      contents.offloadKinds.insert(image.getBinary()->getOffloadKind());
    contents.hostKernels |= registersHostKernels(binary);
    collectSections(binary, contents);
    if (const auto *archive = dyn_cast<object::Archive>(&binary)) {
      Error err = Error::success();
      for (const object::Archive::Child &child : archive->children(err)) {
        Expected<std::unique_ptr<object::Binary>> member =
            child.getAsBinary(&context);
        if (!member) {
          consumeError(member.takeError());
          continue;
        }
        contents.hostKernels |= registersHostKernels(**member);
        collectSections(**member, contents);
      }
      consumeError(std::move(err));
    }
  }
  return contents;
}
