//===- Jobs.cpp - External commands and intermediate files ----------------===//

#include "support/Jobs.h"
#include "support/PrivateTemps.h"
#include "support/TimeReport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <mutex>
#include <thread>

using namespace llvm;
using namespace mlirc;

extern char **environ;

static void printQuoted(raw_ostream &os, StringRef arg) {
  os << '"';
  for (char c : arg) {
    if (c == '"' || c == '\\' || c == '$')
      os << '\\';
    os << c;
  }
  os << '"';
}

void mlirc::printJob(raw_ostream &os, const Job &job) {
  for (const std::string &env : job.environment)
    os << ' ' << env;
  os << ' ';
  printQuoted(os, job.program);
  for (const std::string &arg : job.args) {
    os << ' ';
    printQuoted(os, arg);
  }
  os << '\n';
}

/// Runs one job with its output captured; on failure the error carries the
/// command line and the captured output. A successful tool's output goes to
/// \p toolOutput.
static Error runJob(const Job &job,
                    const std::function<void(StringRef)> &toolOutput) {
  TimedStep step(job.description);
  SmallString<128> logPath;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("mlirc-job", "log", logPath))
    return createStringError(ec, "cannot create a log file for %s",
                             job.description.c_str());
  FileRemover removeLog(logPath);

  std::vector<std::string> argv = {job.program};
  llvm::append_range(argv, job.args);
  std::vector<std::string> env;
  if (!job.environment.empty()) {
    for (char **e = environ; *e; ++e)
      env.push_back(*e);
    llvm::append_range(env, job.environment);
  }
  std::string execError;
  int rc = runInOwnProcessGroup(job.program, argv,
                                job.environment.empty() ? nullptr : &env,
                                logPath, execError);
  std::string log;
  if (auto buffer = MemoryBuffer::getFile(logPath))
    log = (*buffer)->getBuffer().str();
  if (rc == 0) {
    // Warnings of a successful tool still reach the user.
    toolOutput(log);
    for (const Job &next : job.then)
      if (Error err = runJob(next, toolOutput))
        return err;
    return Error::success();
  }
  std::string message;
  raw_string_ostream os(message);
  if (job.failure != Job::Failure::WithCommand && rc > 0) {
    errs() << log;
    os << (job.failure == Job::Failure::AsLink ? "linker command"
                                               : job.description)
       << " failed with exit code " << rc << " (use -v to see invocation)";
    return createStringError(inconvertibleErrorCode(), message);
  }
  os << job.description << " failed";
  if (rc < 0)
    os << " (" << (execError.empty() ? "crashed" : execError) << ")";
  else
    os << " with exit code " << rc;
  os << "; command:\n";
  printJob(os, job);
  if (!log.empty())
    os << "output:\n" << StringRef(log).rtrim();
  return createStringError(inconvertibleErrorCode(), message);
}

/// Prints \p jobs, each followed by the jobs after it.
static void printJobs(raw_ostream &os, ArrayRef<Job> jobs) {
  for (const Job &job : jobs) {
    printJob(os, job);
    printJobs(os, job.then);
  }
}

/// -v and -###: prints \p jobs. True when they are to run.
static bool announceJobs(ArrayRef<Job> jobs, const JobOptions &options) {
  if (options.printOnly || options.verbose)
    printJobs(errs(), jobs);
  return !options.printOnly && !jobs.empty();
}

Error mlirc::runJobs(ArrayRef<Job> jobs, const JobOptions &options,
                     raw_ostream *toolOutput) {
  if (!announceJobs(jobs, options))
    return Error::success();
  std::mutex outputMutex;
  auto print = [&](StringRef text) {
    std::lock_guard<std::mutex> lock(outputMutex);
    (toolOutput ? *toolOutput : errs()) << text;
  };
  if (jobs.size() == 1)
    return runJob(jobs.front(), print);

  std::mutex mutex;
  Error firstError = Error::success();
  {
    DefaultThreadPool pool(hardware_concurrency());
    for (const Job &job : jobs)
      pool.async([&, jobPtr = &job] {
        TimedThread timed;
        Error err = runJob(*jobPtr, print);
        std::lock_guard<std::mutex> lock(mutex);
        if (err && !firstError)
          firstError = std::move(err);
        else
          consumeError(std::move(err));
      });
    pool.wait();
  }
  return firstError;
}

struct BackgroundJobs::State {
  std::vector<Job> jobs;
  std::string toolOutput;
  Error result = Error::success();
  std::thread thread;
};

void BackgroundJobs::start(std::vector<Job> jobs, const JobOptions &options) {
  assert(!state && "jobs started twice");
  state = std::make_unique<State>();
  // -v and -### print here, in the caller's thread and order.
  if (!announceJobs(jobs, options))
    return;
  state->jobs = std::move(jobs);
  state->thread = std::thread([s = state.get()] {
    TimedThread timed;
    raw_string_ostream os(s->toolOutput);
    s->result = runJobs(s->jobs, JobOptions(), &os);
  });
}

Error BackgroundJobs::wait() {
  if (!state)
    return Error::success();
  std::unique_ptr<State> done = std::move(state);
  if (done->thread.joinable())
    done->thread.join();
  errs() << done->toolOutput;
  return std::move(done->result);
}

BackgroundJobs::BackgroundJobs() = default;

BackgroundJobs::~BackgroundJobs() { consumeError(wait()); }

TempFiles::~TempFiles() {
  if (keep)
    return;
  for (const std::string &file : files)
    sys::fs::remove(file);
}

std::string TempFiles::keptPath(StringRef name) const {
  SmallString<128> path(keepDir);
  sys::path::append(path, name);
  return path.str().str();
}

Expected<std::string> TempFiles::create(StringRef stem, StringRef suffix) {
  if (keep)
    return keptPath((stem + "." + suffix).str());
  SmallString<128> path;
  if (namesOnly) {
    SmallString<128> model;
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, model);
    sys::path::append(model, sys::path::filename(stem) + "-%%%%%%." + suffix);
    sys::fs::createUniquePath(model, path, /*MakeAbsolute=*/false);
    return path.str().str();
  }
  if (std::error_code ec =
          sys::fs::createTemporaryFile(sys::path::filename(stem), suffix, path))
    return createStringError(ec, "cannot create a temporary file for %s.%s",
                             stem.str().c_str(), suffix.str().c_str());
  files.push_back(path.str().str());
  return path.str().str();
}
