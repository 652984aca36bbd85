//===- ScopedLLVMOptions.cpp - LLVM options for one step ------------------===//

#include "support/ScopedLLVMOptions.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

mlirc::ScopedLLVMOptions::ScopedLLVMOptions(
    const std::vector<LLVMOptionValue> &values) {
  auto &options = cl::getRegisteredOptions();
  for (const auto &[name, value] : values) {
    auto it = options.find(name);
    if (it == options.end() || it->second->getNumOccurrences() > 0)
      continue;
    cl::Option *option = it->second;
    // addOccurrence reports a value it cannot parse (true) and keeps none.
    if (option->addOccurrence(/*pos=*/0, name, value))
      option->reset();
    else
      set.push_back(option);
  }
}

mlirc::ScopedLLVMOptions::~ScopedLLVMOptions() {
  for (cl::Option *option : set)
    option->reset();
}
