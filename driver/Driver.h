//===- Driver.h - The mlirc driver ------------------------------*- C++ -*-===//

#ifndef MLIRC_DRIVER_DRIVER_H
#define MLIRC_DRIVER_DRIVER_H

namespace mlirc {

/// Runs mlirc on \p argv; returns the process exit code.
int runDriver(int argc, char **argv);

} // namespace mlirc

#endif // MLIRC_DRIVER_DRIVER_H
