//===- TimeReport.h - -ftime-report and -ftime-trace ------------*- C++ -*-===//
//
// Where a compile's time goes, per phase and per job: a table on standard
// error (-ftime-report) and a Chrome trace (-ftime-trace) through LLVM's
// time-trace profiler, which also records MLIR's passes and LLVM's.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_TIMEREPORT_H
#define MLIRC_SUPPORT_TIMEREPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class Timer;
class raw_ostream;
} // namespace llvm

namespace mlirc {

/// Turns the report and the trace on for this process.
void enableTimeReport();
void enableTimeTrace();
/// Prints the report's table to \p os and writes the trace to \p path;
/// each does nothing when off.
void printTimeReport(llvm::raw_ostream &os);
llvm::Error writeTimeTrace(llvm::StringRef path);

/// Times one step (a phase, a job) in whichever of the two is on.
class TimedStep {
public:
  explicit TimedStep(llvm::StringRef name, llvm::StringRef detail = "");
  ~TimedStep();
  TimedStep(const TimedStep &) = delete;
  TimedStep &operator=(const TimedStep &) = delete;

private:
  llvm::Timer *timer = nullptr;
  bool traced = false;
};

/// Lets the steps of a worker thread reach the trace: the thread's events
/// join the main thread's when it goes away.
class TimedThread {
public:
  TimedThread();
  ~TimedThread();
  TimedThread(const TimedThread &) = delete;
  TimedThread &operator=(const TimedThread &) = delete;

private:
  bool traced = false;
};

} // namespace mlirc

#endif // MLIRC_SUPPORT_TIMEREPORT_H
