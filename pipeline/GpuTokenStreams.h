//===- GpuTokenStreams.h - GPU tokens as gpu-to-llvm sees them --*- C++ -*-===//
//
// gpu-to-llvm lowers a GPU token to the stream its work runs on: an async
// op's token is the stream of its one dependency. Where it cannot know that
// stream (a block argument, a token received from a task) it takes the
// token for an event. The passes that hand tokens over at such places
// record the event themselves, with the runtime's calls, through casts that
// reconcile-unrealized-casts removes.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_GPUTOKENSTREAMS_H
#define MLIRC_PIPELINE_GPUTOKENSTREAMS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlirc {

/// True when \p token is an event to gpu-to-llvm: a block argument, a
/// call's result or a token awaited from a task.
bool isGpuEvent(mlir::Value token);

/// The tokens that are the same stream as \p token after gpu-to-llvm; the
/// first is the token that made the stream.
llvm::SmallVector<mlir::Value> getSameStreamTokens(mlir::Value token);

/// Calls of the GPU runtime's stream and event functions, declared in
/// \p module on first use.
class GpuEventCalls {
public:
  explicit GpuEventCalls(mlir::ModuleOp module) : module(module) {}

  /// A token that is an event recorded on the stream of \p streamToken.
  mlir::Value recordEvent(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value streamToken);
  /// Ends the stream of \p streamToken (its work still runs).
  void destroyStream(mlir::OpBuilder &builder, mlir::Location loc,
                     mlir::Value streamToken);
  /// Frees the event \p eventToken that nothing waits for.
  void destroyEvent(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::Value eventToken);

private:
  mlir::Value call(mlir::OpBuilder &builder, mlir::Location loc,
                   llvm::StringRef name, mlir::ValueRange pointers,
                   bool returnsPointer);

  mlir::ModuleOp module;
};

} // namespace mlirc

#endif // MLIRC_PIPELINE_GPUTOKENSTREAMS_H
