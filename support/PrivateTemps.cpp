//===- PrivateTemps.cpp - One temporary directory, removed on any exit ----===//

#include "support/PrivateTemps.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

using namespace llvm;
using namespace mlirc;

namespace {

/// The directory, as a plain C string the signal handler can read.
char privateDir[4096];

/// Process groups of the running jobs (their leaders' pids); 0 is free.
constexpr unsigned maxJobs = 256;
std::atomic<pid_t> jobGroups[maxJobs];

void addJob(pid_t pid) {
  for (std::atomic<pid_t> &slot : jobGroups) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, pid))
      return;
  }
}

void removeJob(pid_t pid) {
  for (std::atomic<pid_t> &slot : jobGroups) {
    pid_t expected = pid;
    if (slot.compare_exchange_strong(expected, 0))
      return;
  }
}

/// Removes what is below the directory open as \p dirFd with system calls
/// only: a signal handler may run while the code it interrupted holds
/// malloc's lock, so nothing here allocates (opendir does; a compile ended
/// by SIGTERM in the middle of allocating left its directory behind).
void removeEntries(int dirFd, int depth) {
  alignas(struct dirent64) char buffer[2048];
  // Removing entries while reading may skip some: read again until a
  // reading finds nothing to remove.
  for (int pass = 0; pass < 8; ++pass) {
    if (lseek(dirFd, 0, SEEK_SET) < 0)
      return;
    bool removed = false;
    ssize_t size;
    while ((size = getdents64(dirFd, buffer, sizeof(buffer))) > 0) {
      for (ssize_t offset = 0; offset < size;) {
        auto *entry = reinterpret_cast<struct dirent64 *>(buffer + offset);
        offset += entry->d_reclen;
        const char *name = entry->d_name;
        if (!strcmp(name, ".") || !strcmp(name, ".."))
          continue;
        bool isDir = entry->d_type == DT_DIR;
        struct stat info;
        if (entry->d_type == DT_UNKNOWN &&
            fstatat(dirFd, name, &info, AT_SYMLINK_NOFOLLOW) == 0)
          isDir = S_ISDIR(info.st_mode);
        if (isDir && depth < 16) {
          int child = openat(dirFd, name,
                             O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
          if (child >= 0) {
            removeEntries(child, depth + 1);
            close(child);
          }
        }
        unlinkat(dirFd, name, isDir ? AT_REMOVEDIR : 0);
        removed = true;
      }
    }
    if (!removed)
      return;
  }
}

/// Removes \p path and everything below it, as a signal handler may.
void removeTree(const char *path) {
  int dirFd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dirFd >= 0) {
    removeEntries(dirFd, 0);
    close(dirFd);
  }
  rmdir(path);
}

/// The signals that end mlirc after its temporaries are removed; SIGPIPE
/// too, for an output piped to a reader that stopped (`mlirc -o - | head`).
constexpr int handledSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

/// Ends the jobs and everything they started, then removes their files.
void endJobsAndRemoveTemps() {
  for (std::atomic<pid_t> &slot : jobGroups)
    if (pid_t pid = slot.load())
      kill(-pid, SIGKILL);
  if (privateDir[0])
    removeTree(privateDir);
}

void onSignal(int sig) {
  endJobsAndRemoveTemps();
  // Partial outputs registered with LLVM's RemoveFileOnSignal.
  sys::RunInterruptHandlers();
  signal(sig, SIG_DFL);
  raise(sig);
}

} // namespace

Error PrivateTemps::enter() {
  SmallString<128> dir;
  if (std::error_code ec = sys::fs::createUniqueDirectory("mlirc", dir))
    return createStringError(ec, "cannot create a temporary directory: %s",
                             ec.message().c_str());
  if (dir.size() >= sizeof(privateDir))
    return createStringError("the temporary directory path '%s' is too long",
                             dir.c_str());
  memcpy(privateDir, dir.c_str(), dir.size() + 1);
  setenv("TMPDIR", privateDir, /*overwrite=*/1);
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  for (int sig : handledSignals)
    sigaction(sig, &action, nullptr);
  // A crash that crash containment does not catch (outside the compile)
  // reaches LLVM's handler, which runs this before the stack dump.
  sys::AddSignalHandler([](void *) { endJobsAndRemoveTemps(); }, nullptr);
  // So does an exit() from within a library (LLVM's fatal errors end the
  // process so when crash containment is off), which skips destructors.
  std::atexit(endJobsAndRemoveTemps);
  return Error::success();
}

PrivateTemps::~PrivateTemps() {
  if (privateDir[0])
    removeTree(privateDir);
  privateDir[0] = 0;
}

int mlirc::runInOwnProcessGroup(StringRef program, ArrayRef<std::string> argv,
                                const std::vector<std::string> *envp,
                                StringRef logPath, std::string &error) {
  // Everything the child needs is ready before the vfork.
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  std::vector<char *> env;
  if (envp) {
    for (const std::string &var : *envp)
      env.push_back(const_cast<char *>(var.c_str()));
    env.push_back(nullptr);
  }
  char **childEnv = envp ? env.data() : environ;
  std::string log = logPath.str(), path = program.str();
  // The child reports a failed exec through this pipe.
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    error = std::string("cannot run it: ") + strerror(errno);
    return -1;
  }

  // vfork: the child borrows mlirc's memory until it execs, instead of a
  // copy of its page tables (a fork of a compiler that has grown costs
  // milliseconds, and copies on write after). Until then the child makes
  // only system calls, and no handler of mlirc's may run in it: every
  // signal stays blocked until the child has reset the handlers. Blocking
  // them also keeps one from arriving between the vfork and the
  // registration of the job.
  struct sigaction handler, byDefault;
  memset(&byDefault, 0, sizeof(byDefault));
  byDefault.sa_handler = SIG_DFL;
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &previous);
  pid_t parent = getpid();
  pid_t pid = vfork();
  if (pid == 0) {
    // A group of its own, which a signal to mlirc ends as a whole; and an
    // end with mlirc even when mlirc is killed outright.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      _exit(127);
    for (int sig = 1; sig < NSIG; ++sig)
      if (sigaction(sig, nullptr, &handler) == 0 &&
          handler.sa_handler != SIG_DFL && handler.sa_handler != SIG_IGN)
        sigaction(sig, &byDefault, nullptr);
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    execve(path.c_str(), args.data(), childEnv);
    int code = errno;
    (void)!write(report[1], &code, sizeof(code));
    _exit(127);
  }
  int forkError = pid < 0 ? errno : 0;
  if (pid > 0)
    addJob(pid);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    error = std::string("cannot run it: ") + strerror(forkError);
    return -1;
  }
  int execError = 0;
  ssize_t got;
  while ((got = read(report[0], &execError, sizeof(execError))) < 0 &&
         errno == EINTR) {
  }
  close(report[0]);

  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  removeJob(pid);
  if (got == sizeof(execError)) {
    error = std::string("cannot run it: ") + strerror(execError);
    return -1;
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status))
    error = std::string("crashed: ") + strsignal(WTERMSIG(status));
  return -1;
}
