//===- UndefinedBehaviorChecks.h - The checks of -fsanitize= -*- C++ -*-===//

#ifndef MLIRC_PIPELINE_UNDEFINEDBEHAVIORCHECKS_H
#define MLIRC_PIPELINE_UNDEFINEDBEHAVIORCHECKS_H

namespace mlirc {

/// The undefined behavior of MLIR's semantics that -fsanitize= checks in
/// host code and the host target's kernels, reported through UBSan's
/// runtime as clang's checks of the same names are.
struct UndefinedBehaviorChecks {
  /// integer-divide-by-zero: arith division and remainder by zero, and of
  /// the smallest signed value by -1.
  bool divideByZero = false;
  /// shift: arith shifts by the bit width or more.
  bool shift = false;
  /// signed-integer-overflow: arith ops marked nsw that overflow.
  bool signedOverflow = false;
  /// unsigned-integer-overflow: arith ops marked nuw that overflow.
  bool unsignedOverflow = false;
  /// bounds: memref and vector loads and stores outside the memref.
  bool bounds = false;
  /// runtime-verification: MLIR's runtime op verification (memref, tensor
  /// and linalg ops whose operands break what the op requires), reported
  /// by mlirc's runtime; not a check of clang's, and not in `undefined`.
  bool runtimeVerification = false;
  /// -fno-sanitize-recover: the first report ends the program.
  bool recover = true;
  /// -fsanitize-trap: a trap instruction instead of a report; no runtime.
  bool trap = false;

  bool any() const {
    return divideByZero || shift || signedOverflow || unsignedOverflow ||
           bounds;
  }
};

/// Each check as clang spells it in -fsanitize=.
struct UndefinedBehaviorCheckName {
  const char *name;
  bool UndefinedBehaviorChecks::*check;
};
inline constexpr UndefinedBehaviorCheckName undefinedBehaviorCheckNames[] = {
    {"integer-divide-by-zero", &UndefinedBehaviorChecks::divideByZero},
    {"shift", &UndefinedBehaviorChecks::shift},
    {"signed-integer-overflow", &UndefinedBehaviorChecks::signedOverflow},
    {"unsigned-integer-overflow", &UndefinedBehaviorChecks::unsignedOverflow},
    {"bounds", &UndefinedBehaviorChecks::bounds},
};

} // namespace mlirc

#endif // MLIRC_PIPELINE_UNDEFINEDBEHAVIORCHECKS_H
