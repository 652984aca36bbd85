//===- HostObjectParts.cpp - A large host object compiled in parts --------===//

#include "driver/HostObjectParts.h"
#include "compiler/HostPartitions.h"
#include "support/OutputFile.h"
#include "support/TimeReport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlirc;

#ifndef MLIRC_LLVM_TOOLS_DIR
#error "MLIRC_LLVM_TOOLS_DIR must name the directory of LLVM's tools"
#endif

// About 30 kernels of the size bench/gen-kernels.py writes, so that 60 of
// them make two parts: each part costs about 10 ms of its own (a pass
// pipeline, a target machine, its share of the link), and 100 such kernels
// compile 1.6 times faster in two parts on two cores.
static cl::opt<unsigned> partInstructions(
    "mlirc-host-part-instructions", cl::Hidden, cl::init(4000),
    cl::desc("Instructions per part of a host module compiled in parallel "
             "(0: the module stays whole)"));
static cl::opt<unsigned> partThreads(
    "mlirc-host-part-threads", cl::Hidden, cl::init(0),
    cl::desc("Threads that compile the host module's parts (0: one per "
             "core); the object does not depend on it"));

/// Enough for every core of a large machine, few enough that each part
/// still amortizes its pass pipeline.
static constexpr unsigned maxParts = 16;

Expected<bool> mlirc::emitHostObjectInParts(Module &module,
                                            const HostMachineOptions &machine,
                                            StringRef stem,
                                            StringRef outputPath,
                                            TempFiles &temps,
                                            const JobOptions &jobs) {
  if (partInstructions == 0)
    return false;
  std::vector<SmallString<0>> parts;
  {
    TimedStep step("host module split", stem);
    parts = splitHostModule(module, partInstructions, maxParts);
  }
  if (parts.empty())
    return false;
  Expected<std::vector<SmallString<0>>> objects =
      compileHostParts(parts, machine, partThreads);
  if (!objects)
    return objects.takeError();

  SmallString<128> lld(MLIRC_LLVM_TOOLS_DIR);
  sys::path::append(lld, "ld.lld");
  Job link;
  link.program = lld.str().str();
  link.description = "the link of the host object's " +
                     std::to_string(parts.size()) + " parts";
  Expected<std::string> linked = temps.create(stem, "host.o");
  if (!linked)
    return linked.takeError();
  link.args = {"-r", "-o", *linked};
  for (auto [i, object] : llvm::enumerate(*objects)) {
    Expected<std::string> path =
        temps.create(stem, "host.part" + std::to_string(i + 1) + ".o");
    if (!path)
      return path.takeError();
    if (Error err = writeOutputFile(*path, [&](raw_pwrite_stream &os) {
          os << object;
          return Error::success();
        }))
      return std::move(err);
    link.args.push_back(*path);
  }
  if (Error err = runJobs({link}, jobs))
    return std::move(err);
  ErrorOr<std::unique_ptr<MemoryBuffer>> bytes =
      MemoryBuffer::getFile(*linked, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!bytes)
    return createStringError(bytes.getError(), "cannot read '%s': %s",
                             linked->c_str(),
                             bytes.getError().message().c_str());
  if (Error err = writeOutputFile(outputPath, [&](raw_pwrite_stream &os) {
        os << (*bytes)->getBuffer();
        return Error::success();
      }))
    return std::move(err);
  return true;
}
