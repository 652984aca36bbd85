//===- DevicePrintf.h - gpu.printf in Vulkan kernels ------------*- C++ -*-===//
//
// A compute shader has no printf. A kernel that prints, or asserts, takes
// one more storage buffer, after its other arguments, which the runtime
// zeroes before the launch and prints from after it: word 0 counts the
// words taken, word 1 says whether an assert failed, records follow. Each
// gpu.printf takes its record's words with one atomic add and, where they
// fit, writes its format's number (from 1; 0 is never written) and its
// arguments: integers up to 32 bits (and
// Vulkan's 32-bit index) as one sign-extended word, i64 as two, floats up
// to 32 bits as one f32, f64 as two (low word first). The formats, with
// a letter per argument (i, l, f, d), are the kernel's on the image
// (RecordKernelABI); the runtime formats each record as C's printf would.
// Records that do not fit are dropped, and the runtime says so. A failing
// cf.assert prints CUDA's message, raises the flag and ends its thread;
// the runtime then fails the launch, as on a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_DEVICEPRINTF_H
#define MLIRC_TARGETS_VULKAN_DEVICEPRINTF_H

#include <cstdint>

namespace llvm {
struct LogicalResult;
} // namespace llvm

namespace mlir {
namespace gpu {
class GPUModuleOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// The words of a kernel's print buffer (1 MiB, CUDA's default).
constexpr int64_t printBufferWords = 1 << 18;

/// The attribute of a kernel of the original module that lists its
/// formats, "<argument letters>:<format>", the first numbered 1.
constexpr const char *printFormatsAttr = "mlirc.print_formats";

/// Rewrites the cf.assert and gpu.printf ops of \p copy's kernels (helpers
/// are inlined) as writes to a print buffer each such kernel takes as its
/// last argument, and puts their formats on the kernel of the same name in
/// \p original. An argument of a type it cannot write is an error at the
/// op.
llvm::LogicalResult lowerPrintfToBuffer(mlir::gpu::GPUModuleOp copy,
                                        mlir::gpu::GPUModuleOp original);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_DEVICEPRINTF_H
