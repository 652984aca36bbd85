//===- OffloadTarget.h - One requested device target ------------*- C++ -*-===//
//
// What one --offload-arch value asks for, independent of how it is lowered.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_OFFLOADTARGET_H
#define MLIRC_TARGETS_OFFLOADTARGET_H

#include <string>

namespace mlirc {

class TargetUnit;

/// A device target named on the command line.
struct OffloadTarget {
  /// The unit that compiles for it.
  const TargetUnit *unit = nullptr;
  /// The spelling the user gave after expansion of `native`: sm_80,
  /// compute_80, gfx90a:xnack-, host.
  std::string arch;
  /// The chip the device code is generated for (sm_80 for both sm_80 and
  /// compute_80, gfx90a for gfx90a:xnack-; empty for the host).
  std::string chip;
  /// Target features beyond the chip (`+xnack`, `-sramecc`), comma-joined.
  std::string features;
  /// True when only PTX is shipped (compute_NN), false for a cubin.
  bool ptxOnly = false;
};

} // namespace mlirc

#endif // MLIRC_TARGETS_OFFLOADTARGET_H
