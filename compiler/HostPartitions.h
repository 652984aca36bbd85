//===- HostPartitions.h - The host module in parts for parallel codegen -*-===//
//
// A large host module (hundreds of kernels, each with its host code and, on
// the host target, its block function) is optimized and compiled in parts on
// every core, as lld's LTO partitions are, and the parts' objects are linked
// into one with `ld.lld -r`.
//
// A part is a union of whole groups of globals that refer to each other:
// every function with the functions it calls, the globals it reads and
// whatever refers to it. No symbol is therefore referenced from another part
// and none changes its linkage or visibility; the optimizer sees within each
// part all it would see in the whole module. Only the lists of appending
// globals (constructors, llvm.used) are divided among the parts, keeping
// constructors of one priority in their order.
//
// The parts depend only on the module, never on the number of cores, so
// the object is the same on every machine and with any number of threads.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_COMPILER_HOSTPARTITIONS_H
#define MLIRC_COMPILER_HOSTPARTITIONS_H

#include "llvm/ADT/SmallString.h"
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// The parts of \p module as bitcode, for code generation each in its own
/// LLVMContext: about one part per \p instructionsPerPart instructions,
/// rounded down to a power of two, at most \p maxParts. Empty when the module stays whole: it is small, its
/// globals all refer to each other, or it has module-level inline assembly
/// (which every part would define again).
std::vector<llvm::SmallString<0>>
splitHostModule(llvm::Module &module, unsigned instructionsPerPart,
                unsigned maxParts);

/// Splits \p module into as many parts as it has groups (at most 16) and
/// verifies each; a part that does not verify is a fatal error. The fuzzer
/// runs it on every host module it reaches.
void checkHostParts(llvm::Module &module);

} // namespace mlirc

#endif // MLIRC_COMPILER_HOSTPARTITIONS_H
