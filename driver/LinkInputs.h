//===- LinkInputs.h - What the inputs of a link carry -----------*- C++ -*-===//

#ifndef MLIRC_DRIVER_LINKINPUTS_H
#define MLIRC_DRIVER_LINKINPUTS_H

#include "driver/DriverOptions.h"
#include "targets/TargetUnit.h"
#include <vector>

namespace mlirc {

/// Looks into the objects and archives among \p inputs (and those their
/// `-l` flags name in the `-L` directories); what cannot be read is left to
/// the linker to report.
LinkInputContents scanLinkInputs(const std::vector<Input> &inputs);

} // namespace mlirc

#endif // MLIRC_DRIVER_LINKINPUTS_H
