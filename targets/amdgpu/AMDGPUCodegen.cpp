//===- AMDGPUCodegen.cpp - AMD code objects from linked bitcode -----------===//
//
// In-process, one LLVMContext and TargetMachine per task so that archs
// compile in parallel. The result is a relocatable ELF object: lld links it
// into the code object at the final link (clang-linker-wrapper), the way
// clang's own device objects are linked. An already-linked shared object
// would be packed but dropped there, leaving an empty image.
//
//===----------------------------------------------------------------------===//

#include "targets/amdgpu/AMDGPUCodegen.h"
#include "driver/CrashContainment.h"
#include "pipeline/Passes.h"
#include "targets/amdgpu/AMDGPUTarget.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <mutex>

using namespace llvm;
using namespace mlirc;

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
}

static void initializeAMDGPU() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  });
}

/// Emits \p module for \p machine as an object or assembly.
static Error emit(Module &module, TargetMachine &machine, bool assembly,
                  raw_pwrite_stream &os, StringRef description) {
  legacy::PassManager pm;
  if (machine.addPassesToEmitFile(pm, os, nullptr,
                                  assembly ? CodeGenFileType::AssemblyFile
                                           : CodeGenFileType::ObjectFile))
    return createStringError("LLVM's AMDGPU backend cannot emit %s",
                             description.str().c_str());
  pm.run(module);
  return Error::success();
}

static Expected<AMDGPUCodegenResult> generate(const AMDGPUCodegenTask &task) {
  LLVMContext context;
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile(MemoryBufferRef(task.bitcode, task.chip), context);
  if (!module)
    return createStringError("cannot read the device bitcode of %s: %s",
                             task.description.c_str(),
                             toString(module.takeError()).c_str());
  Triple triple(amdgcnTriple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError("%s: %s", task.description.c_str(), error.c_str());
  CodeGenOptLevel level = task.optLevel == 0   ? CodeGenOptLevel::None
                          : task.optLevel == 1 ? CodeGenOptLevel::Less
                          : task.optLevel == 2 ? CodeGenOptLevel::Default
                                               : CodeGenOptLevel::Aggressive;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, task.chip, task.features, TargetOptions(), Reloc::PIC_,
      std::nullopt, level));
  if (!machine)
    return createStringError("cannot create an AMDGPU target machine for %s",
                             task.description.c_str());
  (*module)->setDataLayout(machine->createDataLayout());
  // LLVM's code generator aborts on invalid IR; report it instead.
  std::string problems;
  raw_string_ostream problemStream(problems);
  if (verifyModule(**module, &problemStream))
    return createStringError("mlirc produced invalid device code for %s; "
                             "please report this with the input: %s",
                             task.description.c_str(),
                             StringRef(problems).trim().str().c_str());
  AMDGPUCodegenResult result;
  if (task.wantText) {
    raw_string_ostream ir(result.llvmIR);
    (*module)->print(ir, nullptr);
    SmallString<0> text;
    raw_svector_ostream os(text);
    // Code generation changes the module: emit the ISA from a copy.
    Expected<std::unique_ptr<Module>> copy =
        parseBitcodeFile(MemoryBufferRef(task.bitcode, task.chip), context);
    if (!copy)
      return copy.takeError();
    (*copy)->setDataLayout(machine->createDataLayout());
    if (Error err = emit(**copy, *machine, true, os, task.description))
      return err;
    result.assembly = text.str().str();
  }
  SmallString<0> object;
  raw_svector_ostream os(object);
  if (Error err = emit(**module, *machine, false, os, task.description))
    return err;
  result.object = MemoryBuffer::getMemBufferCopy(object, task.chip);
  return result;
}

Expected<std::vector<AMDGPUCodegenResult>>
mlirc::generateAMDGPUObjects(const std::vector<AMDGPUCodegenTask> &tasks) {
  initializeAMDGPU();
  std::vector<AMDGPUCodegenResult> results(tasks.size());
  std::vector<std::string> errors(tasks.size());
  {
    DefaultThreadPool pool(hardware_concurrency());
    for (size_t i = 0; i < tasks.size(); ++i)
      pool.async([&, i] {
        // A crash on this worker thread is contained too.
        bool finished = runCrashContained([&] {
          crashHereForTesting("amdgpu-codegen");
          Expected<AMDGPUCodegenResult> result = generate(tasks[i]);
          if (result)
            results[i] = std::move(*result);
          else
            errors[i] = toString(result.takeError());
        });
        if (!finished)
          errors[i] = "internal compiler error in AMD code generation of " +
                      tasks[i].description +
                      "; please report it with the input";
      });
    pool.wait();
  }
  for (const std::string &error : errors)
    if (!error.empty())
      return createStringError(error);
  return results;
}
