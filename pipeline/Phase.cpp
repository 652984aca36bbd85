//===- Phase.cpp - The phases mlirc can stop after ------------------------===//

#include "pipeline/Phase.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlirc;

llvm::StringRef mlirc::getPhaseName(Phase phase) {
  switch (phase) {
  case Phase::Input:
    return "input";
  case Phase::Bufferized:
    return "bufferized";
  case Phase::Outlined:
    return "outlined";
  case Phase::Device:
    return "device";
  case Phase::Binary:
    return "binary";
  case Phase::Host:
    return "host";
  case Phase::LLVM:
    return "llvm";
  case Phase::Asm:
    return "asm";
  case Phase::Obj:
    return "obj";
  case Phase::Exe:
    return "exe";
  }
  llvm_unreachable("unknown phase");
}

std::optional<Phase> mlirc::parsePhaseName(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<Phase>>(name)
      .Case("input", Phase::Input)
      .Case("bufferized", Phase::Bufferized)
      .Case("outlined", Phase::Outlined)
      .Case("device", Phase::Device)
      .Case("binary", Phase::Binary)
      .Case("host", Phase::Host)
      .Case("llvm", Phase::LLVM)
      .Case("asm", Phase::Asm)
      .Case("obj", Phase::Obj)
      .Case("exe", Phase::Exe)
      .Default(std::nullopt);
}
