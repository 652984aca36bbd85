//===- ClangJobs.cpp - Jobs built by clang's driver library ---------------===//

#include "driver/ClangJobs.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;
using namespace mlirc;

#ifndef MLIRC_LLVM_TOOLS_DIR
#error "MLIRC_LLVM_TOOLS_DIR must name the directory that holds clang"
#endif

std::string mlirc::getClangPath() {
  SmallString<128> path(MLIRC_LLVM_TOOLS_DIR);
  sys::path::append(path, "clang++");
  return path.str().str();
}

Expected<std::vector<Job>> mlirc::buildClangJobs(ArrayRef<std::string> args,
                                                 StringRef description) {
  std::string clang = getClangPath();
  std::string messages;
  raw_string_ostream messageStream(messages);
  clang::DiagnosticOptions diagOptions;
  auto *printer = new clang::TextDiagnosticPrinter(messageStream, diagOptions);
  clang::DiagnosticsEngine diags(clang::DiagnosticIDs::create(), diagOptions,
                                 printer);
  clang::driver::Driver driver(clang, sys::getDefaultTargetTriple(), diags);
  driver.setCheckInputsExist(false);

  std::vector<const char *> argv = {clang.c_str()};
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  std::unique_ptr<clang::driver::Compilation> compilation(
      driver.BuildCompilation(argv));
  if (!compilation || diags.hasErrorOccurred())
    return createStringError("clang's driver rejected the arguments for %s: %s",
                             description.str().c_str(),
                             StringRef(messages).trim().str().c_str());
  std::vector<Job> jobs;
  for (const clang::driver::Command &command : compilation->getJobs()) {
    Job job;
    job.program = command.getExecutable();
    for (const char *arg : command.getArguments())
      job.args.push_back(arg);
    job.description = description.str();
    jobs.push_back(std::move(job));
  }
  return jobs;
}
