//===- NVPTXTarget.cpp - NVIDIA targets: archs, attributes, ptxas ---------===//

#include "targets/nvptx/NVPTXTarget.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

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

std::vector<std::string> mlirc::getPtxasArguments(llvm::StringRef chip,
                                                  unsigned optLevel,
                                                  llvm::StringRef ptxFile,
                                                  llvm::StringRef cubinFile) {
  // -c: a relocatable cubin, which nvlink accepts; an executable one is
  // rejected at the device link.
  return {"-m64",       "-O" + std::to_string(optLevel),
          "--gpu-name", chip.str(),
          "-c",         ptxFile.str(),
          "-o",         cubinFile.str()};
}
