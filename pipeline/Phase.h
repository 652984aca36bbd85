//===- Phase.h - The phases mlirc can stop after ----------------*- C++ -*-===//
//
// One enum feeds --compile-to, -S, -c and -save-temps: every phase has a
// name, and the MLIR phases have a file suffix for their dumps.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_PHASE_H
#define MLIRC_PIPELINE_PHASE_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace mlirc {

/// The phases in the order they run. Everything up to Host is MLIR.
enum class Phase {
  Input,      ///< parsed and verified input
  Bufferized, ///< transform schedule applied, tensors bufferized
  Outlined, ///< kernels outlined, uniquely named, launches async-aware
  Device,   ///< device targets attached, gpu.modules lowered to LLVM dialect
  Binary,   ///< gpu.modules serialized to gpu.binary (per target)
  Host,     ///< host code in the LLVM dialect, launches call the runtime
  LLVM,     ///< host LLVM IR with the device images embedded
  Asm,      ///< host assembly
  Obj,      ///< host object file carrying the device images
  Exe,      ///< linked executable
};

/// The --compile-to spelling of \p phase.
llvm::StringRef getPhaseName(Phase phase);

/// Parses a --compile-to value; std::nullopt when it names no phase.
std::optional<Phase> parsePhaseName(llvm::StringRef name);

/// True for the phases whose output is MLIR text.
inline bool isMLIRPhase(Phase phase) { return phase <= Phase::Host; }

} // namespace mlirc

#endif // MLIRC_PIPELINE_PHASE_H
