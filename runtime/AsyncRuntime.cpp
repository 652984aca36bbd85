//===- AsyncRuntime.cpp - MLIR's async runtime API, for mlirc programs ----===//
//
// convert-async-to-llvm lowers the async dialect to calls of the C API that
// mlir/ExecutionEngine/AsyncRuntime.h declares. MLIR's own implementation
// (libmlir_async_runtime) needs libLLVM at run time; this one needs only
// the C++ library, so that a program using async runs where it is copied.
// Coroutines are resumed on a pool of worker threads, one per core.
//
// Reference counts follow what MLIR's lowering emits: a token or value
// starts with two references, the producer's (dropped when it is emplaced)
// and the consumer's; a group starts with one.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/AsyncRuntime.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace {

class RefCounted {
public:
  explicit RefCounted(int64_t count) : count(count) {}
  virtual ~RefCounted() = default;
  void addRef(int64_t n) { count.fetch_add(n, std::memory_order_relaxed); }
  void dropRef(int64_t n) {
    if (count.fetch_sub(n, std::memory_order_acq_rel) == n)
      delete this;
  }

private:
  std::atomic<int64_t> count;
};

/// A result that becomes ready once, and what waits for it.
class Completion : public RefCounted {
public:
  using RefCounted::RefCounted;

  /// Runs \p next now when ready, else on the thread that makes it ready.
  void whenReady(std::function<void()> next) {
    std::unique_lock<std::mutex> lock(mutex);
    if (!ready) {
      waiting.push_back(std::move(next));
      return;
    }
    lock.unlock();
    next();
  }

  void wait() {
    std::unique_lock<std::mutex> lock(mutex);
    readyChanged.wait(lock, [&] { return ready; });
  }

  void setReady(bool failed) {
    std::vector<std::function<void()>> next;
    {
      std::lock_guard<std::mutex> lock(mutex);
      ready = true;
      error = failed;
      next.swap(waiting);
      readyChanged.notify_all();
    }
    for (std::function<void()> &resume : next)
      resume();
  }

  bool isError() {
    std::lock_guard<std::mutex> lock(mutex);
    return error;
  }

private:
  std::mutex mutex;
  std::condition_variable readyChanged;
  std::vector<std::function<void()>> waiting;
  bool ready = false;
  bool error = false;
};

/// Worker threads that resume coroutines, started on first use and joined
/// at exit once the queue is empty.
class WorkerPool {
public:
  static WorkerPool &get() {
    static WorkerPool pool;
    return pool;
  }

  int64_t size() const { return numWorkers; }

  void submit(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (workers.empty())
        for (unsigned i = 0; i < numWorkers; ++i)
          workers.emplace_back([this] { work(); });
      tasks.push_back(std::move(task));
    }
    available.notify_one();
  }

  ~WorkerPool() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    available.notify_all();
    for (std::thread &worker : workers)
      worker.join();
  }

private:
  WorkerPool()
      : numWorkers(std::max(1u, std::thread::hardware_concurrency())) {}

  void work() {
    while (true) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex);
        available.wait(lock, [&] { return stopping || !tasks.empty(); });
        if (tasks.empty())
          return;
        task = std::move(tasks.front());
        tasks.pop_front();
      }
      task();
    }
  }

  const unsigned numWorkers;
  std::mutex mutex;
  std::condition_variable available;
  std::deque<std::function<void()>> tasks;
  std::vector<std::thread> workers;
  bool stopping = false;
};

} // namespace

namespace mlir::runtime {

struct AsyncToken : public Completion {
  AsyncToken() : Completion(2) {}
};

struct AsyncValue : public Completion {
  explicit AsyncValue(int64_t size) : Completion(2), storage(size) {}
  std::vector<std::byte> storage;
};

/// Ready when all of its `size` tokens are; an error when one of them is.
struct AsyncGroup : public Completion {
  explicit AsyncGroup(int64_t size) : Completion(1), pending(size) {
    if (size == 0)
      setReady(false);
  }
  std::atomic<int64_t> pending;
  std::atomic<int64_t> errors{0};
  std::atomic<int64_t> added{0};
};

} // namespace mlir::runtime

using namespace mlir::runtime;

void mlir::runtime::mlirAsyncRuntimeAddRef(RefCountedObjPtr object,
                                           int64_t count) {
  static_cast<RefCounted *>(object)->addRef(count);
}

void mlir::runtime::mlirAsyncRuntimeDropRef(RefCountedObjPtr object,
                                            int64_t count) {
  static_cast<RefCounted *>(object)->dropRef(count);
}

AsyncToken *mlir::runtime::mlirAsyncRuntimeCreateToken() {
  return new AsyncToken();
}

AsyncValue *mlir::runtime::mlirAsyncRuntimeCreateValue(int64_t size) {
  return new AsyncValue(size);
}

AsyncGroup *mlir::runtime::mlirAsyncRuntimeCreateGroup(int64_t size) {
  return new AsyncGroup(size);
}

int64_t mlir::runtime::mlirAsyncRuntimeAddTokenToGroup(AsyncToken *token,
                                                       AsyncGroup *group) {
  int64_t rank = group->added.fetch_add(1);
  // The group stays alive until the token has counted itself in.
  group->addRef(1);
  token->whenReady([token, group] {
    if (token->isError())
      group->errors.fetch_add(1);
    if (group->pending.fetch_sub(1) == 1)
      group->setReady(group->errors.load() > 0);
    group->dropRef(1);
  });
  return rank;
}

void mlir::runtime::mlirAsyncRuntimeEmplaceToken(AsyncToken *token) {
  token->setReady(false);
  token->dropRef(1);
}

void mlir::runtime::mlirAsyncRuntimeEmplaceValue(AsyncValue *value) {
  value->setReady(false);
  value->dropRef(1);
}

void mlir::runtime::mlirAsyncRuntimeSetTokenError(AsyncToken *token) {
  token->setReady(true);
  token->dropRef(1);
}

void mlir::runtime::mlirAsyncRuntimeSetValueError(AsyncValue *value) {
  value->setReady(true);
  value->dropRef(1);
}

bool mlir::runtime::mlirAsyncRuntimeIsTokenError(AsyncToken *token) {
  return token->isError();
}

bool mlir::runtime::mlirAsyncRuntimeIsValueError(AsyncValue *value) {
  return value->isError();
}

bool mlir::runtime::mlirAsyncRuntimeIsGroupError(AsyncGroup *group) {
  return group->errors.load() > 0;
}

void mlir::runtime::mlirAsyncRuntimeAwaitToken(AsyncToken *token) {
  token->wait();
}

void mlir::runtime::mlirAsyncRuntimeAwaitValue(AsyncValue *value) {
  value->wait();
}

void mlir::runtime::mlirAsyncRuntimeAwaitAllInGroup(AsyncGroup *group) {
  group->wait();
}

ValueStorage mlir::runtime::mlirAsyncRuntimeGetValueStorage(AsyncValue *value) {
  return value->storage.data();
}

void mlir::runtime::mlirAsyncRuntimeExecute(CoroHandle handle,
                                            CoroResume resume) {
  WorkerPool::get().submit([handle, resume] { resume(handle); });
}

void mlir::runtime::mlirAsyncRuntimeAwaitTokenAndExecute(AsyncToken *token,
                                                         CoroHandle handle,
                                                         CoroResume resume) {
  token->whenReady([handle, resume] { resume(handle); });
}

void mlir::runtime::mlirAsyncRuntimeAwaitValueAndExecute(AsyncValue *value,
                                                         CoroHandle handle,
                                                         CoroResume resume) {
  value->whenReady([handle, resume] { resume(handle); });
}

void mlir::runtime::mlirAsyncRuntimeAwaitAllInGroupAndExecute(
    AsyncGroup *group, CoroHandle handle, CoroResume resume) {
  group->whenReady([handle, resume] { resume(handle); });
}

// The spelling is MLIR's.
int64_t mlir::runtime::mlirAsyncRuntimGetNumWorkerThreads() {
  return WorkerPool::get().size();
}

void mlir::runtime::mlirAsyncRuntimePrintCurrentThreadId() {
  std::printf("Current thread id: %zu\n",
              std::hash<std::thread::id>()(std::this_thread::get_id()));
  std::fflush(stdout);
}
