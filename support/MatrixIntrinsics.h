//===- MatrixIntrinsics.h - LLVM's matrix intrinsics lowered ----*- C++ -*-===//
//
// llvm.intr.matrix.multiply, .transpose and the column-major loads and
// stores have no code generation of their own in any LLVM back end: clang
// lowers them (under -fenable-matrix) before optimizing, and so does mlirc,
// for host code and every GPU target's device code.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_MATRIXINTRINSICS_H
#define MLIRC_SUPPORT_MATRIXINTRINSICS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// Lowers the matrix intrinsics \p module calls, if any, into vector
/// operations; \p minimal for -O0 (no fusion).
void lowerMatrixIntrinsics(llvm::Module &module, bool minimal);

} // namespace mlirc

#endif // MLIRC_SUPPORT_MATRIXINTRINSICS_H
