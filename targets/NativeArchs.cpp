//===- NativeArchs.cpp - This machine's GPUs, from LLVM's arch tools ------===//

#include "targets/NativeArchs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;
using namespace mlirc;

#ifndef MLIRC_LLVM_TOOLS_DIR
#error "MLIRC_LLVM_TOOLS_DIR must name the directory of LLVM's tools"
#endif

std::string mlirc::getLLVMToolPath(StringRef name) {
  SmallString<128> path(MLIRC_LLVM_TOOLS_DIR);
  sys::path::append(path, name);
  return path.str().str();
}

std::optional<std::string> mlirc::captureToolOutput(StringRef program,
                                                    ArrayRef<StringRef> args) {
  SmallString<128> out;
  if (sys::fs::createTemporaryFile("mlirc-tool", "txt", out))
    return std::nullopt;
  FileRemover remover(out);
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(out),
                                          StringRef("")};
  std::vector<StringRef> argv = {program};
  llvm::append_range(argv, args);
  if (sys::ExecuteAndWait(program, argv, std::nullopt, redirects) != 0)
    return std::nullopt;
  auto buffer = MemoryBuffer::getFile(out);
  if (!buffer)
    return std::nullopt;
  return (*buffer)->getBuffer().str();
}

std::vector<std::string> mlirc::detectArchsWith(StringRef tool,
                                                StringRef prefix) {
  std::optional<std::string> output =
      captureToolOutput(getLLVMToolPath(tool), {});
  if (!output)
    return {};
  std::vector<std::string> archs;
  StringSet<> seen;
  SmallVector<StringRef> lines;
  StringRef(*output).split(lines, '\n', -1, false);
  for (StringRef line : lines) {
    line = line.trim();
    if (line.starts_with(prefix) && seen.insert(line).second)
      archs.push_back(line.str());
  }
  return archs;
}
