//===- DeviceCodegen.cpp - Device code from bitcode or assembly -----------===//
//
// In-process, one LLVMContext and TargetMachine per task so that archs
// compile in parallel. AMD results are relocatable ELF objects: lld links
// them into the code object at the final link (clang-linker-wrapper), the
// way clang's own device objects are linked. An already-linked shared
// object would be packed but dropped there, leaving an empty image.
//
//===----------------------------------------------------------------------===//

#include "targets/DeviceCodegen.h"
#include "pipeline/Passes.h"
#include "support/CodegenDiagnostics.h"
#include "support/CrashContainment.h"
#include "support/MatrixIntrinsics.h"
#include "targets/amdgpu/BooleanSelects.h"
#include "targets/amdgpu/SplitPackedProducts.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
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
void LLVMInitializeAMDGPUAsmParser();
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

static void initializeTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

/// Emits \p module for \p machine as an object or assembly.
static Error emit(Module &module, TargetMachine &machine, bool assembly,
                  raw_pwrite_stream &os, StringRef description) {
  legacy::PassManager pm;
  if (machine.addPassesToEmitFile(pm, os, nullptr,
                                  assembly ? CodeGenFileType::AssemblyFile
                                           : CodeGenFileType::ObjectFile))
    return createStringError("LLVM's backend cannot emit %s",
                             description.str().c_str());
  pm.run(module);
  return Error::success();
}

/// Assembles \p task's assembly text into a relocatable object with LLVM's
/// MC layer, as `clang -c x.s` does; the first error names its line.
static Expected<std::unique_ptr<MemoryBuffer>>
assemble(const DeviceCodegenTask &task, const Target &target,
         const Triple &triple) {
  SourceMgr sources;
  sources.AddNewSourceBuffer(
      MemoryBuffer::getMemBuffer(task.input, task.chip,
                                 /*RequiresNullTerminator=*/false),
      SMLoc());
  std::string firstError;
  sources.setDiagHandler(
      [](const SMDiagnostic &diag, void *context) {
        auto &first = *static_cast<std::string *>(context);
        if (diag.getKind() == SourceMgr::DK_Error && first.empty())
          first = "line " + std::to_string(diag.getLineNo()) + ": " +
                  diag.getMessage().str();
      },
      &firstError);
  MCTargetOptions options;
  std::unique_ptr<MCRegisterInfo> registers(target.createMCRegInfo(triple));
  std::unique_ptr<MCAsmInfo> asmInfo(
      target.createMCAsmInfo(*registers, triple, options));
  std::unique_ptr<MCSubtargetInfo> subtarget(
      target.createMCSubtargetInfo(triple, task.chip, task.features));
  std::unique_ptr<MCInstrInfo> instructions(target.createMCInstrInfo());
  if (!registers || !asmInfo || !subtarget || !instructions)
    return createStringError("LLVM cannot assemble for %s",
                             task.description.c_str());
  MCContext context(triple, asmInfo.get(), registers.get(), subtarget.get(),
                    &sources, &options);
  std::unique_ptr<MCObjectFileInfo> fileInfo(
      target.createMCObjectFileInfo(context, /*PIC=*/true));
  context.setObjectFileInfo(fileInfo.get());
  SmallString<0> object;
  raw_svector_ostream os(object);
  MCAsmBackend *backend =
      target.createMCAsmBackend(*subtarget, *registers, options);
  MCCodeEmitter *emitter = target.createMCCodeEmitter(*instructions, context);
  if (!backend || !emitter)
    return createStringError("LLVM cannot assemble for %s",
                             task.description.c_str());
  std::unique_ptr<MCStreamer> streamer(target.createMCObjectStreamer(
      triple, context, std::unique_ptr<MCAsmBackend>(backend),
      backend->createObjectWriter(os), std::unique_ptr<MCCodeEmitter>(emitter),
      *subtarget));
  std::unique_ptr<MCAsmParser> parser(
      createMCAsmParser(sources, context, *streamer, *asmInfo));
  std::unique_ptr<MCTargetAsmParser> targetParser(
      target.createMCAsmParser(*subtarget, *parser, *instructions, options));
  if (!targetParser)
    return createStringError("LLVM cannot assemble for %s",
                             task.description.c_str());
  parser->setTargetParser(*targetParser);
  if (parser->Run(/*NoInitialTextSection=*/false) || !firstError.empty())
    return createStringError(
        "%s: the assembly does not assemble (%s)", task.description.c_str(),
        firstError.empty() ? "no message" : firstError.c_str());
  streamer.reset();
  return MemoryBuffer::getMemBufferCopy(object, task.chip);
}

/// What the module needs before LLVM's code generator takes it.
static void prepareForCodegen(Module &module, TargetMachine &machine,
                              const DeviceCodegenTask &task) {
  module.setDataLayout(machine.createDataLayout());
  lowerMatrixIntrinsics(module, /*minimal=*/task.optLevel == 0);
  if (task.optLevel > 0 && machine.getTargetTriple().isAMDGPU()) {
    splitPackedProductsForFusion(module, machine, task.fuseFloatOps);
    rewriteBooleanSelectsAsLogic(module);
  }
}

static Expected<DeviceCodegenResult> generate(const DeviceCodegenTask &task) {
  Triple triple(task.triple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError("%s: %s", task.description.c_str(), error.c_str());
  DeviceCodegenResult result;
  if (task.isAssembly) {
    Expected<std::unique_ptr<MemoryBuffer>> object =
        assemble(task, *target, triple);
    if (!object)
      return object.takeError();
    result.object = std::move(*object);
    if (task.wantText)
      result.assembly = task.input;
    return result;
  }
  LLVMContext context;
  CodegenDiagnostics &diagnostics = CodegenDiagnostics::of(context);
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile(MemoryBufferRef(task.input, task.chip), context);
  if (!module)
    return createStringError("cannot read the device bitcode of %s: %s",
                             task.description.c_str(),
                             toString(module.takeError()).c_str());
  CodeGenOptLevel level = task.optLevel == 0   ? CodeGenOptLevel::None
                          : task.optLevel == 1 ? CodeGenOptLevel::Less
                          : task.optLevel == 2 ? CodeGenOptLevel::Default
                                               : CodeGenOptLevel::Aggressive;
  // As clang's -ffp-contract=fast.
  TargetOptions targetOptions;
  if (task.fuseFloatOps)
    targetOptions.AllowFPOpFusion = FPOpFusion::Fast;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, task.chip, task.features, targetOptions, Reloc::PIC_,
      std::nullopt, level));
  if (!machine)
    return createStringError("cannot create a target machine for %s",
                             task.description.c_str());
  // LLVM's code generator aborts on invalid IR; report it instead.
  std::string problems;
  raw_string_ostream problemStream(problems);
  if (verifyModule(**module, &problemStream))
    return createStringError("the device code of %s is invalid LLVM IR (a "
                             "prebuilt gpu.binary's, or mlirc's: then "
                             "please report it with the input): %s",
                             task.description.c_str(),
                             StringRef(problems).trim().str().c_str());
  prepareForCodegen(**module, *machine, task);
  if (task.wantText) {
    raw_string_ostream ir(result.llvmIR);
    (*module)->print(ir, nullptr);
  }
  if (!task.wantObject) {
    SmallString<0> text;
    raw_svector_ostream os(text);
    if (Error err = emit(**module, *machine, true, os, task.description))
      return err;
    if (Error err = diagnostics.takeErrors(task.description))
      return err;
    result.assembly = text.str().str();
    return result;
  }
  if (task.wantText) {
    SmallString<0> text;
    raw_svector_ostream os(text);
    // Code generation changes the module: emit the ISA from a copy.
    Expected<std::unique_ptr<Module>> copy =
        parseBitcodeFile(MemoryBufferRef(task.input, task.chip), context);
    if (!copy)
      return copy.takeError();
    prepareForCodegen(**copy, *machine, task);
    if (Error err = emit(**copy, *machine, true, os, task.description))
      return err;
    if (Error err = diagnostics.takeErrors(task.description))
      return err;
    result.assembly = text.str().str();
  }
  SmallString<0> object;
  raw_svector_ostream os(object);
  if (Error err = emit(**module, *machine, false, os, task.description))
    return err;
  if (Error err = diagnostics.takeErrors(task.description))
    return err;
  result.object = MemoryBuffer::getMemBufferCopy(object, task.chip);
  return result;
}

Expected<std::vector<DeviceCodegenResult>>
mlirc::generateDeviceCode(const std::vector<DeviceCodegenTask> &tasks) {
  initializeTargets();
  std::vector<DeviceCodegenResult> results(tasks.size());
  std::vector<std::string> errors(tasks.size());
  {
    DefaultThreadPool pool(hardware_concurrency());
    for (size_t i = 0; i < tasks.size(); ++i)
      pool.async([&, i] {
        // A crash on this worker thread is contained too.
        bool finished = runCrashContained([&] {
          crashHereForTesting("amdgpu-codegen");
          Expected<DeviceCodegenResult> result = generate(tasks[i]);
          if (result)
            results[i] = std::move(*result);
          else
            errors[i] = toString(result.takeError());
        });
        if (!finished)
          errors[i] = "internal compiler error in code generation of " +
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
