//===- TimeReport.cpp - -ftime-report and -ftime-trace --------------------===//

#include "support/TimeReport.h"
#include "support/OutputFile.h"

#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <deque>
#include <memory>
#include <mutex>

using namespace llvm;
using namespace mlirc;

namespace {
/// The report's timers, one per step in the order they started; steps run
/// on several threads at once.
struct ReportState {
  std::mutex mutex;
  TimerGroup group{"mlirc", "mlirc: time per phase and job"};
  std::deque<Timer> timers;
};
} // namespace

static std::unique_ptr<ReportState> report;
/// Every event, however short: a compile has few of them.
static constexpr unsigned traceGranularity = 0;
/// LLVM's profiler is per thread; worker threads start theirs when this is
/// on.
static std::atomic<bool> traceOn = false;

void mlirc::enableTimeReport() {
  if (!report)
    report = std::make_unique<ReportState>();
}

void mlirc::enableTimeTrace() {
  if (!timeTraceProfilerEnabled())
    timeTraceProfilerInitialize(traceGranularity, "mlirc");
  traceOn = true;
}

void mlirc::printTimeReport(raw_ostream &os) {
  if (!report)
    return;
  // Reset, so that the timers going away do not print it again.
  report->group.print(os, /*ResetAfterPrint=*/true);
  report.reset();
}

Error mlirc::writeTimeTrace(StringRef path) {
  if (!timeTraceProfilerEnabled())
    return Error::success();
  Error err = writeOutputFile(path, [](raw_pwrite_stream &os) {
    timeTraceProfilerWrite(os);
    return Error::success();
  });
  timeTraceProfilerCleanup();
  traceOn = false;
  return err;
}

TimedStep::TimedStep(StringRef name, StringRef detail) {
  if (timeTraceProfilerEnabled()) {
    timeTraceProfilerBegin(name, detail);
    traced = true;
  }
  if (report) {
    std::string title =
        detail.empty() ? name.str() : (name + " " + detail).str();
    std::lock_guard<std::mutex> lock(report->mutex);
    timer = &report->timers.emplace_back(title, title, report->group);
  }
  if (timer)
    timer->startTimer();
}

TimedStep::~TimedStep() {
  if (timer)
    timer->stopTimer();
  if (traced)
    timeTraceProfilerEnd();
}

TimedThread::TimedThread() {
  if (traceOn && !timeTraceProfilerEnabled()) {
    timeTraceProfilerInitialize(traceGranularity, "mlirc");
    traced = true;
  }
}

TimedThread::~TimedThread() {
  if (traced)
    timeTraceProfilerFinishThread();
}
