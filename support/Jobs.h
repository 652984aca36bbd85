//===- Jobs.h - External commands and intermediate files --------*- C++ -*-===//
//
// Every external program mlirc runs is a Job in a list, so that -### prints
// exactly what would run, -v echoes it, and failures report the command line
// and its log. Intermediate files come from one registry that knows about
// -save-temps and removes everything else at exit.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_JOBS_H
#define MLIRC_SUPPORT_JOBS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlirc {

/// One external command.
struct Job {
  /// Absolute path of the program.
  std::string program;
  /// Arguments after argv[0].
  std::vector<std::string> args;
  /// What the job does, for error messages ("ptxas for sm_80").
  std::string description;
  /// Environment variables to set (NAME=VALUE) on top of mlirc's own.
  std::vector<std::string> environment;
  /// How a failure reads: by default the command line and the tool's
  /// output; for tools whose messages already say what went wrong (the
  /// link, clang's compiles), as clang reports them: the tool's output, then
  /// "linker command" (or the description) "failed with exit code N (use -v
  /// to see invocation)".
  enum class Failure { WithCommand, AsLink, AsCompile };
  Failure failure = Failure::WithCommand;
  /// Jobs that read this job's output (a fatbinary of ptxas's cubin): run
  /// in order, in the same worker, once it has succeeded.
  std::vector<Job> then;
};

/// How jobs are run.
struct JobOptions {
  bool verbose = false;   ///< -v: echo each job before it runs
  bool printOnly = false; ///< -###: print each job, run none
};

/// Prints \p job the way clang's -### does (not the jobs after it).
void printJob(llvm::raw_ostream &os, const Job &job);

/// Runs \p jobs, which are independent of each other, in parallel. The error
/// names the first failing job, its command line and its output. What
/// successful tools print (warnings) goes to \p toolOutput, standard error
/// when null.
llvm::Error runJobs(llvm::ArrayRef<Job> jobs, const JobOptions &options,
                    llvm::raw_ostream *toolOutput = nullptr);

/// Jobs that run while their caller goes on: a device compile's tools while
/// mlirc lowers and optimizes the host code. -v and -### print them at
/// start(), and what the tools print is held until wait(), so neither
/// interleaves with the caller's messages.
class BackgroundJobs {
public:
  BackgroundJobs();
  BackgroundJobs(const BackgroundJobs &) = delete;
  BackgroundJobs &operator=(const BackgroundJobs &) = delete;
  /// Waits for the jobs; their result is dropped.
  ~BackgroundJobs();

  void start(std::vector<Job> jobs, const JobOptions &options);
  /// Waits for the jobs started, if any: runJobs' result.
  llvm::Error wait();

private:
  struct State;
  std::unique_ptr<State> state;
};

/// Intermediate files: named after the input with -save-temps, unique
/// temporary files otherwise, removed when the registry goes away.
class TempFiles {
public:
  /// \p keep: -save-temps, keeping files in \p keepDir (empty: the current
  /// directory). \p namesOnly: -###, where names are printed but no file
  /// may be created.
  TempFiles(bool keep, bool namesOnly, std::string keepDir = "")
      : keep(keep), namesOnly(namesOnly), keepDir(std::move(keepDir)) {}
  ~TempFiles();
  TempFiles(const TempFiles &) = delete;
  TempFiles &operator=(const TempFiles &) = delete;

  /// A path for the intermediate `<stem>.<suffix>`: exactly that name in the
  /// directory -save-temps keeps files in, else a fresh temporary file.
  llvm::Expected<std::string> create(llvm::StringRef stem,
                                     llvm::StringRef suffix);

  /// Where -save-temps keeps the intermediate named \p name.
  std::string keptPath(llvm::StringRef name) const;

  /// Registers \p path (e.g. a partially written output) for removal.
  void track(llvm::StringRef path) { files.push_back(path.str()); }

  bool keepsFiles() const { return keep; }

private:
  bool keep;
  bool namesOnly;
  std::string keepDir;
  std::vector<std::string> files;
};

} // namespace mlirc

#endif // MLIRC_SUPPORT_JOBS_H
