//===- AllocsOnStack.h - Kernel allocations as a thread's own ---*- C++ -*-===//
//
// A memref.alloc of a thread's private memory in a kernel is memory of that
// thread's stack: MLIR lowered it to a heap allocation whose pointer it
// then cast to the private address space, which no GPU can use (and the
// memory was never freed). Such an allocation becomes a memref.alloca, and
// its memref.deallocs go. Also what other passes move allocations between
// the stack and the heap with, and whether one outlives its region.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_ALLOCSONSTACK_H
#define MLIRC_PIPELINE_ALLOCSONSTACK_H

namespace mlir {
class Value;
namespace memref {
class AllocOp;
class AllocaOp;
} // namespace memref
} // namespace mlir

namespace mlirc {

/// Erases the memref.deallocs of \p allocation, whose memory something
/// other than the heap now holds.
void eraseDeallocs(mlir::Value allocation);

/// Replaces \p alloc with a memref.alloca of its type, sizes and alignment,
/// and erases the memref.deallocs of it.
void moveAllocToStack(mlir::memref::AllocOp alloc);

/// Replaces \p alloca with a memref.alloc of its type, sizes and alignment,
/// which the caller frees.
mlir::memref::AllocOp moveAllocaToHeap(mlir::memref::AllocaOp alloca);

/// True when nothing that refers to \p memory (it or views of it) leaves
/// the region that allocates it: none is yielded, passed to a block or
/// stored, so its region may end its lifetime.
bool staysInItsRegion(mlir::Value memory);

} // namespace mlirc

#endif // MLIRC_PIPELINE_ALLOCSONSTACK_H
