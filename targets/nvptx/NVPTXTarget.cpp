//===- NVPTXTarget.cpp - NVIDIA targets: archs, attributes, ptxas ---------===//

#include "targets/nvptx/NVPTXTarget.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "targets/NativeArchs.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Regex.h"
#include <map>
#include <memory>
#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTargetMC();
}

using namespace mlirc;

llvm::Expected<OffloadTarget> mlirc::parseNVPTXArch(llvm::StringRef arch) {
  llvm::Regex pattern("^(sm|compute)_([0-9]+)([af]?)$");
  llvm::SmallVector<llvm::StringRef, 4> parts;
  if (!pattern.match(arch, &parts))
    return llvm::createStringError(
        "unknown offload architecture '%s'; expected sm_NN (cubin, e.g. "
        "sm_80), compute_NN (PTX, e.g. compute_80), host or native",
        arch.str().c_str());
  unsigned sm = 0;
  if (parts[2].getAsInteger(10, sm) || sm < 50)
    return llvm::createStringError(
        "unsupported offload architecture '%s'; the oldest NVIDIA "
        "architecture mlirc targets is sm_50",
        arch.str().c_str());
  OffloadTarget target;
  target.arch = arch.str();
  target.chip = ("sm_" + parts[2] + parts[3]).str();
  target.ptxOnly = parts[1] == "compute";
  return target;
}

unsigned mlirc::getSMVersion(llvm::StringRef chip) {
  unsigned sm = 0;
  chip.drop_front(chip.find('_') + 1)
      .take_while(llvm::isDigit)
      .getAsInteger(10, sm);
  return sm;
}

unsigned mlirc::getOldestSupportedSM(unsigned major, unsigned minor) {
  // CUDA 13 dropped Maxwell, Pascal and Volta; 12 dropped Kepler.
  if (major >= 13)
    return 75;
  if (major >= 12)
    return 50;
  if (major == 11)
    return 35;
  return 30;
}

std::vector<std::string> mlirc::listPtxasArchs(llvm::StringRef ptxas) {
  std::optional<std::string> help = captureToolOutput(ptxas, {"--help"});
  if (!help)
    return {};
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
  });
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(nvptxTriple), error);
  if (!target)
    return {};
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(llvm::Triple(nvptxTriple), "", ""));
  // ptxas's --gpu-name values: 'sm_80','sm_90a',...; the plain ones.
  std::map<unsigned, std::string> archs;
  llvm::Regex pattern("'(sm_([0-9]+))'");
  llvm::StringRef rest = *help;
  llvm::SmallVector<llvm::StringRef, 3> parts;
  while (pattern.match(rest, &parts)) {
    unsigned sm = 0;
    if (!parts[2].getAsInteger(10, sm) && sm >= 50 &&
        info->isCPUStringValid(parts[1]))
      archs[sm] = parts[1].str();
    rest = rest.drop_front(rest.find(parts[0]) + parts[0].size());
  }
  std::vector<std::string> result;
  for (auto &[sm, arch] : archs)
    result.push_back(arch);
  return result;
}

void mlirc::registerNVPTXTargetDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::NVVM::NVVMDialect>();
}

mlir::Attribute mlirc::getNVVMTargetAttr(mlir::MLIRContext *context,
                                         llvm::StringRef chip,
                                         unsigned optLevel) {
  return mlir::NVVM::NVVMTargetAttr::get(context, optLevel, nvptxTriple, chip);
}

std::string mlirc::getNVVMTargetChip(mlir::Attribute attr) {
  if (auto target = llvm::dyn_cast<mlir::NVVM::NVVMTargetAttr>(attr))
    return target.getChip().str();
  return "";
}

std::string mlirc::findUndefinedLibdeviceCall(llvm::StringRef ptx) {
  // A declaration reads `.extern .func (<ret>) __nv_name(<params>);`.
  for (size_t pos = ptx.find(".extern"); pos != llvm::StringRef::npos;
       pos = ptx.find(".extern", pos + 1)) {
    llvm::StringRef decl =
        ptx.substr(pos).take_until([](char c) { return c == ';'; });
    size_t name = decl.find("__nv_");
    if (!decl.contains(".func") || name == llvm::StringRef::npos)
      continue;
    return decl.substr(name)
        .take_while([](char c) { return llvm::isAlnum(c) || c == '_'; })
        .str();
  }
  return "";
}

std::string mlirc::findExternalDeviceSymbol(llvm::StringRef ptx) {
  // `.extern .func (<ret>) name(<params>);`, `.extern .global .b32 name;`.
  for (size_t pos = ptx.find(".extern"); pos != llvm::StringRef::npos;
       pos = ptx.find(".extern", pos + 1)) {
    if (pos > 0 && ptx[pos - 1] != '\n' && ptx[pos - 1] != ' ' &&
        ptx[pos - 1] != '\t')
      continue;
    llvm::StringRef decl = ptx.substr(pos + 7) // past ".extern"
                               .take_until([](char c) { return c == ';'; })
                               .ltrim();
    if (decl.starts_with(".shared"))
      continue;
    llvm::StringRef name;
    if (decl.consume_front(".func")) {
      decl = decl.ltrim();
      // The return value's parameter list, if any.
      if (decl.starts_with("("))
        decl = decl.drop_until([](char c) { return c == ')'; })
                   .drop_while([](char c) { return c == ')'; });
      name = decl.ltrim().take_while(
          [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; });
      if (name == "vprintf" || name == "malloc" || name == "free" ||
          name == "__assertfail")
        continue;
    } else {
      // A variable: its name ends the declaration, before any array size.
      name = decl.take_until([](char c) { return c == '['; }).rtrim();
      name = name.substr(name.find_last_of(" \t\n") + 1);
    }
    return name.empty() ? decl.str() : name.str();
  }
  return "";
}

std::vector<std::string> mlirc::getPtxasArguments(llvm::StringRef chip,
                                                  unsigned optLevel,
                                                  llvm::StringRef ptxFile,
                                                  llvm::StringRef cubinFile,
                                                  bool relocatable) {
  std::vector<std::string> args = {"-m64", "-O" + std::to_string(optLevel),
                                   "--gpu-name", chip.str()};
  if (relocatable)
    args.push_back("-c");
  llvm::append_range(
      args, std::vector<std::string>{ptxFile.str(), "-o", cubinFile.str()});
  return args;
}
