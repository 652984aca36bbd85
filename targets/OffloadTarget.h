//===- OffloadTarget.h - One requested device target ------------*- C++ -*-===//
//
// What one --offload-arch value asks for, independent of how it is lowered.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_OFFLOADTARGET_H
#define MLIRC_TARGETS_OFFLOADTARGET_H

#include <string>

namespace mlirc {

/// A device target named on the command line.
struct OffloadTarget {
  enum class Vendor { NVIDIA, Host };
  Vendor vendor = Vendor::NVIDIA;
  /// The spelling the user gave after expansion of `native`: sm_80,
  /// compute_80, host.
  std::string arch;
  /// The chip the device code is generated for (sm_80 for both spellings;
  /// empty for the host).
  std::string chip;
  /// True when only PTX is shipped (compute_NN), false for a cubin.
  bool ptxOnly = false;
};

/// True when \p targets holds a target of \p vendor.
template <typename Range>
bool hasVendor(const Range &targets, OffloadTarget::Vendor vendor) {
  for (const OffloadTarget &target : targets)
    if (target.vendor == vendor)
      return true;
  return false;
}

} // namespace mlirc

#endif // MLIRC_TARGETS_OFFLOADTARGET_H
