//===- AMDGPUTarget.cpp - AMD targets: archs, features, wave size ---------===//

#include "targets/amdgpu/AMDGPUTarget.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace llvm;
using namespace mlirc;

Expected<OffloadTarget> mlirc::parseAMDGPUArch(StringRef arch) {
  SmallVector<StringRef, 4> parts;
  arch.split(parts, ':');
  StringRef chip = parts.front();
  AMDGPU::GPUKind kind = AMDGPU::parseArchAMDGCN(chip);
  if (kind == AMDGPU::GK_NONE) {
    SmallVector<StringRef, 64> known, valid;
    AMDGPU::fillValidArchListAMDGCN(known);
    // Without the marketing aliases (tahiti, ...), which are no gfx names.
    for (StringRef name : known)
      if (name.starts_with("gfx"))
        valid.push_back(name);
    return createStringError("unknown AMD GPU '%s' in --offload-arch=%s; "
                             "LLVM %s knows %s",
                             chip.str().c_str(), arch.str().c_str(),
                             LLVM_VERSION_STRING, join(valid, ", ").c_str());
  }
  unsigned attrs = AMDGPU::getArchAttrAMDGCN(kind);
  SmallVector<std::string, 2> features;
  for (StringRef feature : ArrayRef(parts).drop_front()) {
    StringRef name = feature.drop_back();
    char sign = feature.empty() ? 0 : feature.back();
    bool known = (name == "xnack" && (attrs & AMDGPU::FEATURE_XNACK)) ||
                 (name == "sramecc" && (attrs & AMDGPU::FEATURE_SRAMECC));
    if ((sign != '+' && sign != '-') || !known) {
      if (!(attrs & (AMDGPU::FEATURE_XNACK | AMDGPU::FEATURE_SRAMECC)))
        return createStringError("invalid target feature '%s' in "
                                 "--offload-arch=%s; %s has no xnack or "
                                 "sramecc setting",
                                 feature.str().c_str(), arch.str().c_str(),
                                 chip.str().c_str());
      return createStringError(
          "invalid target feature '%s' in --offload-arch=%s; %s takes %s, "
          "each followed by + or - (e.g. %s:xnack-)",
          feature.str().c_str(), arch.str().c_str(), chip.str().c_str(),
          (attrs & AMDGPU::FEATURE_SRAMECC) ? "xnack and sramecc" : "xnack",
          chip.str().c_str());
    }
    features.push_back((Twine(sign) + name).str());
  }
  OffloadTarget target;
  target.arch = arch.str();
  target.chip = chip.str();
  target.features = join(features, ",");
  return target;
}

unsigned mlirc::getWavefrontSize(StringRef chip) {
  unsigned attrs = AMDGPU::getArchAttrAMDGCN(AMDGPU::parseArchAMDGCN(chip));
  return (attrs & AMDGPU::FEATURE_WAVE32) ? 32 : 64;
}

StringRef mlirc::getLoweringChipset(StringRef chip) {
  // MLIR's chipset parser takes gfxNNN only; LLVM's generic targets cover
  // the chips from these on.
  return StringSwitch<StringRef>(chip)
      .Case("gfx9-generic", "gfx900")
      .Case("gfx9-4-generic", "gfx942")
      .Case("gfx10-1-generic", "gfx1010")
      .Case("gfx10-3-generic", "gfx1030")
      .Case("gfx11-generic", "gfx1100")
      .Case("gfx12-generic", "gfx1200")
      .Case("gfx12-5-generic", "gfx1250")
      .Default(chip);
}
