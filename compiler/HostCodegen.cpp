//===- HostCodegen.cpp - Host LLVM IR to assembly or object ---------------===//

#include "compiler/HostCodegen.h"
#include "compiler/ParallelLoopAccesses.h"
#include "support/CodegenDiagnostics.h"
#include "support/CrashContainment.h"
#include "support/MatrixIntrinsics.h"
#include "support/TimeReport.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Instrumentation/AddressSanitizer.h"

using namespace llvm;
using namespace mlirc;

/// The error for \p flag's CPU \p cpu, \p name to LLVM, that LLVM does not
/// know for \p triple.
static Error unknownCpuError(StringRef flag, StringRef cpu, StringRef name,
                             const Triple &triple, StringRef examples) {
  return createStringError(
      "unknown CPU '%s' in '%s=%s'; use one LLVM knows "
      "for %s (%s, ...) or native",
      name.str().c_str(), flag.str().c_str(), cpu.str().c_str(),
      triple.getArchName().str().c_str(), examples.str().c_str());
}

Expected<std::unique_ptr<TargetMachine>>
mlirc::createHostTargetMachine(unsigned optLevel, StringRef cpu,
                               ArrayRef<std::string> features,
                               bool positionIndependent) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  // Inline assembly is parsed when an object is emitted.
  InitializeNativeTargetAsmParser();
  Triple triple(sys::getDefaultTargetTriple());
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError("no LLVM target for host triple '%s': %s",
                             triple.str().c_str(), error.c_str());
  CodeGenOptLevel level = optLevel == 0   ? CodeGenOptLevel::None
                          : optLevel == 1 ? CodeGenOptLevel::Less
                          : optLevel == 2 ? CodeGenOptLevel::Default
                                          : CodeGenOptLevel::Aggressive;
  std::string cpuName = cpu.empty() ? "x86-64" : cpu.str();
  SubtargetFeatures machineFeatures;
  if (cpu == "native") {
    cpuName = sys::getHostCPUName().str();
    for (const auto &[feature, enabled] : sys::getHostCPUFeatures())
      machineFeatures.AddFeature(feature, enabled);
  }
  // Checked first: LLVM would only warn and fall back to a generic CPU.
  std::unique_ptr<MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!info || !info->isCPUStringValid(cpuName))
    return unknownCpuError("-march", cpu, cpuName, triple,
                           "x86-64, x86-64-v3, znver3, skylake");
  for (StringRef feature : features) {
    StringRef name = feature.drop_front();
    if (llvm::none_of(
            info->getAllProcessorFeatures(),
            [&](const SubtargetFeatureKV &known) { return name == known.Key; }))
      return createStringError(
          "unknown extension '%s' in '-m%s%s'; use one LLVM knows for %s "
          "(avx2, fma, f16c, avx512f, avx512bw, ...)",
          name.str().c_str(), feature.starts_with("-") ? "no-" : "",
          name.str().c_str(), triple.getArchName().str().c_str());
    // Later flags win, as LLVM applies the list in order.
    machineFeatures.AddFeature(feature);
  }
  TargetOptions options;
  // Constructors (host-kernel and offload registration) in .init_array, as
  // clang emits them: glibc does not run .ctors, and linkers need not move
  // them.
  options.UseInitArray = true;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, cpuName, machineFeatures.getString(), options,
      positionIndependent ? Reloc::PIC_ : Reloc::Static, std::nullopt, level));
  if (!machine)
    return createStringError("cannot create a target machine for '%s'",
                             triple.str().c_str());
  return machine;
}

/// MLIR's OpenMP translation (LLVM's OpenMPIRBuilder) loads an f64 that an
/// omp.atomic.update changes with 4-byte alignment, then compares and swaps
/// it with 8-byte alignment: at -O0, where nothing infers the alignment
/// again, LLVM made the load a call of libatomic's __atomic_load, an
/// undefined symbol at the link. An atomic load or store of the address a
/// compare-and-swap takes gets that alignment, which the same builder
/// stated.
static void alignAtomicsAsTheirSwaps(Module &module) {
  for (Function &function : module)
    for (Instruction &inst : instructions(function)) {
      auto *swap = dyn_cast<AtomicCmpXchgInst>(&inst);
      if (!swap)
        continue;
      for (User *user : swap->getPointerOperand()->users()) {
        if (auto *load = dyn_cast<LoadInst>(user);
            load && load->isAtomic() && load->getFunction() == &function &&
            load->getAlign() < swap->getAlign())
          load->setAlignment(swap->getAlign());
        if (auto *store = dyn_cast<StoreInst>(user);
            store && store->isAtomic() && store->getFunction() == &function &&
            store->getPointerOperand() == swap->getPointerOperand() &&
            store->getAlign() < swap->getAlign())
          store->setAlignment(swap->getAlign());
      }
    }
}

void mlirc::prepareHostModule(Module &module, TargetMachine &machine) {
  module.setTargetTriple(machine.getTargetTriple());
  module.setDataLayout(machine.createDataLayout());
  alignAtomicsAsTheirSwaps(module);
  tagParallelLoopAccesses(module);
}

Error mlirc::tuneHostModule(Module &module, const TargetMachine &machine,
                            StringRef cpu) {
  std::string name = cpu == "native" ? sys::getHostCPUName().str() : cpu.str();
  if (!machine.getMCSubtargetInfo()->isCPUStringValid(name))
    return unknownCpuError("-mtune", cpu, name, machine.getTargetTriple(),
                           "generic, x86-64, znver3, skylake");
  for (Function &function : module)
    if (!function.isDeclaration())
      function.addFnAttr("tune-cpu", name);
  return Error::success();
}

void mlirc::makeMainFunction(Module &module, StringRef entry,
                             bool printResult) {
  Function *user = module.getFunction(entry);
  if (!user || user->isDeclaration())
    return;
  Type *result = user->getReturnType();
  bool isMain = entry == "main";
  if (isMain && result->isIntegerTy(32) && !printResult)
    return;
  // A main of the program's own makes way for C's; another entry point
  // keeps its name. Only main may take C's arguments (argc, argv).
  if (isMain) {
    user->setName("__mlirc_main");
    user->setLinkage(GlobalValue::InternalLinkage);
  }
  LLVMContext &context = module.getContext();
  Type *i32 = Type::getInt32Ty(context);
  ArrayRef<Type *> params;
  if (isMain)
    params = user->getFunctionType()->params();
  auto *type = FunctionType::get(i32, params, /*isVarArg=*/false);
  Function *main =
      Function::Create(type, GlobalValue::ExternalLinkage, "main", module);
  IRBuilder<> builder(BasicBlock::Create(context, "entry", main));
  // With -g the wrapper gets a subprogram of its own at the entry's line: a
  // call that may be inlined needs a location, and the inlined code a
  // function with debug info to land in.
  if (DISubprogram *userProgram = user->getSubprogram()) {
    DIBuilder di(module, /*AllowUnresolved=*/false, userProgram->getUnit());
    DISubprogram *program = di.createFunction(
        userProgram->getScope(), "main", "main", userProgram->getFile(),
        userProgram->getLine(), userProgram->getType(),
        userProgram->getScopeLine(), DINode::FlagArtificial,
        DISubprogram::SPFlagDefinition);
    main->setSubprogram(program);
    di.finalizeSubprogram(program);
    builder.SetCurrentDebugLocation(
        DILocation::get(context, userProgram->getLine(), 0, program));
  }
  SmallVector<Value *> args;
  for (Argument &arg : main->args())
    args.push_back(&arg);
  Value *returned = builder.CreateCall(user, args);
  Value *status = builder.getInt32(0);
  auto print = [&](StringRef format, Value *value) {
    FunctionCallee printf = module.getOrInsertFunction(
        "printf", FunctionType::get(i32, {PointerType::get(context, 0)},
                                    /*isVarArg=*/true));
    builder.CreateCall(
        printf,
        {builder.CreateGlobalString(format, "__mlirc_entry_result"), value});
  };
  if (result->isIntegerTy() && printResult) {
    // As mlir-runner prints it: signed, in decimal.
    print("%lld\n", builder.CreateSExt(returned, builder.getInt64Ty()));
  } else if (result->isIntegerTy()) {
    status = builder.CreateZExtOrTrunc(returned, i32);
  } else if (result->isFloatTy()) {
    print("%e\n", builder.CreateFPExt(returned, builder.getDoubleTy()));
  }
  builder.CreateRet(status);
}

Error mlirc::optimizeHostModule(Module &module, TargetMachine &machine,
                                unsigned optLevel, bool addressSanitizer) {
  // "Loop not vectorized" is no news (mlirc asks for vectorization of
  // every thread loop).
  CodegenDiagnostics &diagnostics = CodegenDiagnostics::of(module.getContext());
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  // -ftime-trace sees LLVM's passes too.
  PassInstrumentationCallbacks callbacks;
  TimeProfilingPassesHandler timeProfiling;
  timeProfiling.registerCallbacks(callbacks);
  PassBuilder builder(&machine, PipelineTuningOptions(), std::nullopt,
                      &callbacks);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  if (addressSanitizer) {
    // ASan instruments the functions that ask for it: all of mlirc's,
    // the host target's kernels included.
    for (Function &function : module)
      if (!function.isDeclaration())
        function.addFnAttr(Attribute::SanitizeAddress);
    builder.registerOptimizerLastEPCallback(
        [](ModulePassManager &mpm, OptimizationLevel, ThinOrFullLTOPhase) {
          mpm.addPass(AddressSanitizerPass(AddressSanitizerOptions()));
        });
  }
  OptimizationLevel level = optLevel == 0   ? OptimizationLevel::O0
                            : optLevel == 1 ? OptimizationLevel::O1
                            : optLevel == 2 ? OptimizationLevel::O2
                                            : OptimizationLevel::O3;
  ModulePassManager mpm = level == OptimizationLevel::O0
                              ? builder.buildO0DefaultPipeline(level)
                              : builder.buildPerModuleDefaultPipeline(level);
  lowerMatrixIntrinsics(module, level == OptimizationLevel::O0);
  mpm.run(module, mam);
  return diagnostics.takeErrors("the host code");
}

Error mlirc::emitHostCode(Module &module, TargetMachine &machine, bool assembly,
                          raw_pwrite_stream &os) {
  legacy::PassManager pm;
  CodeGenFileType type =
      assembly ? CodeGenFileType::AssemblyFile : CodeGenFileType::ObjectFile;
  if (machine.addPassesToEmitFile(pm, os, nullptr, type))
    return createStringError("the host target cannot emit this file type");
  CodegenDiagnostics &diagnostics = CodegenDiagnostics::of(module.getContext());
  pm.run(module);
  // The CPU tells whether the registers or instructions asked for exist.
  return diagnostics.takeErrors("the host code for CPU '" +
                                machine.getTargetCPU().str() + "' (-march)");
}

/// One part of a split host module, from bitcode to an object.
static Expected<SmallString<0>>
compileHostPart(StringRef bitcode, const HostMachineOptions &options) {
  LLVMContext context;
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile(MemoryBufferRef(bitcode, "host part"), context);
  if (!module)
    return module.takeError();
  Expected<std::unique_ptr<TargetMachine>> machine =
      createHostTargetMachine(options.optLevel, options.cpu, options.features,
                              options.positionIndependent);
  if (!machine)
    return machine.takeError();
  if (Error err = optimizeHostModule(**module, **machine, options.optLevel))
    return std::move(err);
  SmallString<0> object;
  raw_svector_ostream os(object);
  if (Error err = emitHostCode(**module, **machine, /*assembly=*/false, os))
    return std::move(err);
  return object;
}

Expected<std::vector<SmallString<0>>>
mlirc::compileHostParts(ArrayRef<SmallString<0>> parts,
                        const HostMachineOptions &options, unsigned threads) {
  std::vector<SmallString<0>> objects(parts.size());
  std::vector<std::string> errors(parts.size());
  {
    DefaultThreadPool pool(threads ? hardware_concurrency(threads)
                                   : hardware_concurrency());
    for (size_t i = 0; i < parts.size(); ++i)
      pool.async([&, i] {
        // -ftime-trace sees each part's LLVM passes.
        TimedThread timed;
        bool finished = runCrashContained([&] {
          Expected<SmallString<0>> object = compileHostPart(parts[i], options);
          if (object)
            objects[i] = std::move(*object);
          else
            errors[i] = toString(object.takeError());
        });
        if (!finished)
          errors[i] = "internal compiler error in host code generation "
                      "(LLVM), part " +
                      std::to_string(i + 1) + " of " +
                      std::to_string(parts.size());
      });
    pool.wait();
  }
  for (const std::string &error : errors)
    if (!error.empty())
      return createStringError(error);
  return objects;
}
