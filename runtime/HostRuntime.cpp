//===- HostRuntime.cpp - mlirc's runtime for the host-CPU target ----------===//
//
// The same API the CUDA backend implements (mgpu* and mlircLaunchKernel),
// over the CPU: device memory is host memory, and a launch runs the
// kernel's block function once per block, blocks spread over a pool of
// worker threads (one per core). Kernels register their block functions
// from global constructors, keyed by the host handle launches name.
//
// Async work really is asynchronous, and streams are independent: work
// enqueued on a stream (launches, copies, memsets, frees) runs on that
// stream's own thread in the order the program enqueued it, and the call
// returns at once. Work on different streams runs at the same time, as on
// a GPU, so a kernel may spin until a kernel on another stream signals it.
// An event is a stream's last task at the time it was recorded; a stream
// waiting for it waits on its own thread. Work on no stream first waits
// for everything enqueued, then runs on the caller's thread.
//
//===----------------------------------------------------------------------===//

#include "runtime/HostStreams.h"
#include "runtime/LaunchSizes.h"
#include "runtime/MemRefSpan.h"
#include "runtime/RuntimeError.h"
#include "runtime/RuntimeExport.h"
#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <sys/mman.h>
#include <thread>
#include <unordered_map>
#include <vector>

namespace {

/// What a block function reads about its launch; the layout is shared with
/// the code mlirc generates (pipeline/LowerKernelsToHost.cpp).
struct BlockContext {
  int64_t blockIdx[3];
  int64_t blockDim[3];
  int64_t gridDim[3];
  /// The cluster size in blocks: 1, 1, 1 without clusters.
  int64_t clusterDim[3];
  /// The blocks in x, from blockIdx on, that one call runs: 1 unless the
  /// kernel's block function merges blocks in x (mergesBlocksInXAttr).
  int64_t blocksInX;
};

using HostEntry = void (*)(void **params, const BlockContext *ctx, void *shared,
                           int64_t sharedBytes);

struct HostKernel {
  HostEntry entry;
  const char *name;
  /// Bytes of each argument, to copy them for an async launch.
  std::vector<int64_t> argSizes;
  /// One call may run several consecutive blocks in x.
  bool mergesBlocksInX;
  /// The grid is best run row by row.
  bool streams;
};

/// The threads in x one call of a block function that merges blocks in x
/// runs at most: enough for LLVM's vectorized loop to run long, as a C
/// loop over the row would.
constexpr int64_t mergedThreadsInX = 256;

using mlirc::runtime::fail;

std::unordered_map<const void *, HostKernel> &registry() {
  static std::unordered_map<const void *, HostKernel> kernels;
  return kernels;
}

/// Worker threads that run the blocks of one launch at a time.
class BlockPool {
public:
  BlockPool() {
    unsigned count = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned i = 1; i < count; ++i)
      workers.emplace_back([this, i] { work(i); });
    sharedMemory.resize(count);
  }

  ~BlockPool() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    for (std::thread &worker : workers)
      worker.join();
  }

  /// Runs \p body over the blocks [0, blocks), in ranges (first, end,
  /// shared memory of the worker), and returns when all are done.
  using Body = std::function<void(int64_t, int64_t, void *)>;
  void run(int64_t blocks, size_t sharedBytes, const Body &body) {
    std::unique_lock<std::mutex> launchLock(launchMutex, std::try_to_lock);
    if (!launchLock.owns_lock()) {
      // The workers run another launch (from another stream), which may
      // wait for this one: this one runs on the calling thread alone, so
      // that both make progress.
      thread_local std::vector<char> ownShared;
      if (ownShared.size() < sharedBytes)
        ownShared.resize(sharedBytes);
      body(0, blocks, ownShared.data());
      return;
    }
    for (std::vector<char> &memory : sharedMemory)
      if (memory.size() < sharedBytes)
        memory.resize(sharedBytes);
    if (blocks == 1 || workers.empty()) {
      body(0, blocks, sharedMemory[0].data());
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex);
      job = &body;
      jobBlocks = blocks;
      // About 16 chunks per thread balances uneven blocks cheaply.
      chunk = std::max<int64_t>(
          1, blocks / (16 * static_cast<int64_t>(workers.size() + 1)));
      next = 0;
      pending = workers.size();
      ++generation;
    }
    wake.notify_all();
    runBlocks(0);
    std::unique_lock<std::mutex> lock(mutex);
    done.wait(lock, [&] { return pending == 0; });
    job = nullptr;
  }

private:
  void runBlocks(unsigned worker) {
    void *shared = sharedMemory[worker].data();
    // Blocks are taken in chunks: one shared counter per block would make
    // the cores fight over its cache line.
    for (int64_t start = next.fetch_add(chunk); start < jobBlocks;
         start = next.fetch_add(chunk)) {
      (*job)(start, std::min(start + chunk, jobBlocks), shared);
    }
  }

  void work(unsigned worker) {
    uint64_t seen = 0;
    while (true) {
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return stopping || generation != seen; });
        if (stopping)
          return;
        seen = generation;
      }
      runBlocks(worker);
      std::lock_guard<std::mutex> lock(mutex);
      if (--pending == 0)
        done.notify_one();
    }
  }

  std::vector<std::thread> workers;
  std::vector<std::vector<char>> sharedMemory;
  std::mutex launchMutex, mutex;
  std::condition_variable wake, done;
  const Body *job = nullptr;
  int64_t jobBlocks = 0;
  int64_t chunk = 1;
  alignas(64) std::atomic<int64_t> next{0};
  size_t pending = 0;
  uint64_t generation = 0;
  bool stopping = false;
};

/// The order in which the blocks of a grid run: in columns 16 blocks wide
/// in x, each column row by row (y, then z), the next column after. Blocks
/// in a row share what does not depend on x, and the blocks of a column
/// share what depends only on x (the B tiles of a matmul), so a core's
/// caches see both again soon; on bench/matmul.mlir this beat rows of the
/// whole grid's width by about 10% (median). Kernels without loops whose
/// blocks merge in x (elementwise and stencil kernels, which share no
/// tiles) stream through memory instead, in columns as wide as the grid: a
/// 16x16-block stencil walked 1 KiB of each row at a time, which the
/// prefetchers followed badly (1.6 ms against 1.3 ms on 2048x2048 floats).
/// Blocks are independent, so any order is correct. Stepping needs no division.
struct GridWalk {
  int64_t columnWidth;
  int64_t grid[3];
  int64_t x = 0, y = 0, z = 0;
  int64_t columnStart = 0, columnEnd = 0;

  GridWalk(int64_t gridX, int64_t gridY, int64_t gridZ, int64_t columnWidth)
      : columnWidth(std::max<int64_t>(columnWidth, 1)), grid{gridX, gridY,
                                                             gridZ} {}

  /// Moves to the \p index-th block of the order.
  void seek(int64_t index) {
    int64_t rows = grid[1] * grid[2];
    int64_t fullColumns = grid[0] / columnWidth;
    int64_t inFullColumns = fullColumns * columnWidth * rows;
    int64_t width = columnWidth, offset;
    if (index < inFullColumns) {
      columnStart = index / (columnWidth * rows) * columnWidth;
      offset = index % (columnWidth * rows);
    } else {
      columnStart = fullColumns * columnWidth;
      width = grid[0] - columnStart;
      offset = index - inFullColumns;
    }
    columnEnd = columnStart + width;
    x = columnStart + offset % width;
    int64_t row = offset / width;
    y = row % grid[1];
    z = row / grid[1];
  }

  void next() {
    if (++x < columnEnd)
      return;
    x = columnStart;
    if (++y < grid[1])
      return;
    y = 0;
    if (++z < grid[2])
      return;
    z = 0;
    columnStart = columnEnd;
    columnEnd = std::min(columnStart + columnWidth, grid[0]);
    x = columnStart;
  }
};

BlockPool &pool() {
  static BlockPool blockPool;
  return blockPool;
}

/// One stream's tasks, run one after another in the order they were
/// enqueued, on a thread of the stream's own: tasks of different streams
/// run at the same time, so a kernel may wait for one on another stream.
/// Task numbers only grow, also when a destroyed stream's queue is reused
/// for a new stream, so "task n has run" stays true for an event.
class StreamQueue {
public:
  ~StreamQueue() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    changed.notify_all();
    if (thread.joinable())
      thread.join();
  }

  /// Enqueues \p task; returns its number.
  uint64_t enqueue(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!thread.joinable())
      thread = std::thread([this] { work(); });
    tasks.push_back(std::move(task));
    ++enqueued;
    changed.notify_all();
    return enqueued;
  }

  /// The number of the last task enqueued.
  uint64_t last() {
    std::lock_guard<std::mutex> lock(mutex);
    return enqueued;
  }

  /// Waits until task \p number (and so every earlier one) has run,
  /// running pending tasks itself while the stream's thread is not (which
  /// saves waking that thread for work the caller waits for anyway).
  void waitFor(uint64_t number) {
    std::unique_lock<std::mutex> lock(mutex);
    while (completed < number) {
      if (!running && !tasks.empty())
        runNext(lock);
      else
        changed.wait(lock);
    }
  }

private:
  /// Runs the oldest task; \p lock is held before and after.
  void runNext(std::unique_lock<std::mutex> &lock) {
    std::function<void()> task = std::move(tasks.front());
    tasks.pop_front();
    running = true;
    lock.unlock();
    task();
    lock.lock();
    running = false;
    ++completed;
    changed.notify_all();
  }

  void work() {
    std::unique_lock<std::mutex> lock(mutex);
    while (true) {
      changed.wait(lock,
                   [&] { return stopping || (!running && !tasks.empty()); });
      if (tasks.empty() || running) {
        if (stopping)
          return;
        continue;
      }
      runNext(lock);
    }
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::function<void()>> tasks;
  uint64_t enqueued = 0, completed = 0;
  bool running = false;
  bool stopping = false;
  std::thread thread;
};

/// Every stream queue made, in use or free for the next stream: creating
/// a stream is then as cheap as CUDA's, not a thread's start.
class StreamQueues {
public:
  std::shared_ptr<StreamQueue> take() {
    std::lock_guard<std::mutex> lock(mutex);
    if (!free.empty()) {
      std::shared_ptr<StreamQueue> queue = std::move(free.back());
      free.pop_back();
      return queue;
    }
    all.push_back(std::make_shared<StreamQueue>());
    return all.back();
  }

  void giveBack(std::shared_ptr<StreamQueue> queue) {
    std::lock_guard<std::mutex> lock(mutex);
    free.push_back(std::move(queue));
  }

  /// Waits until every task enqueued so far, on any stream, has run.
  void waitForAll() {
    std::vector<std::shared_ptr<StreamQueue>> queues;
    {
      std::lock_guard<std::mutex> lock(mutex);
      queues = all;
    }
    for (const std::shared_ptr<StreamQueue> &queue : queues)
      queue->waitFor(queue->last());
  }

private:
  std::mutex mutex;
  std::vector<std::shared_ptr<StreamQueue>> all, free;
};

StreamQueues &streamQueues() {
  static StreamQueues queues;
  return queues;
}

/// A stream: its queue.
struct Stream {
  std::shared_ptr<StreamQueue> queue = streamQueues().take();
};

/// An event: the last task of a stream it covers (none: already reached).
struct Event {
  std::shared_ptr<StreamQueue> queue;
  uint64_t task = 0;

  void synchronize() const {
    if (queue)
      queue->waitFor(task);
  }
};

/// HostStreams.h's runOnHostStream, by its short name here.
void onStream(void *stream, std::function<void()> work) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, std::move(work));
}

struct MemRefDescriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
};

/// Set by a failing assert in a kernel.
std::atomic<bool> assertFailed{false};

/// Host memory is the device's memory on the CPU.
void *getDevicePointer(void *host) { return host; }

} // namespace

void mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(void *stream,
                                                   std::function<void()> work) {
  if (!stream) {
    streamQueues().waitForAll();
    work();
    return;
  }
  static_cast<Stream *>(stream)->queue->enqueue(std::move(work));
}

void mlirc::runtime::MLIRC_EXPORT(waitForHostStream)(void *stream) {
  if (!stream) {
    streamQueues().waitForAll();
    return;
  }
  StreamQueue &queue = *static_cast<Stream *>(stream)->queue;
  queue.waitFor(queue.last());
}

extern "C" {

/// A thread of a kernel failed a cf.assert (targets/host/
/// LowerKernelAsserts.cpp): it printed where, and the launch fails once
/// its other threads have run, as a CUDA launch does.
void mlircHostAssertFailed() { assertFailed.store(true); }

void mlircRegisterHostKernel(const void *handle, HostEntry entry,
                             const char *name, int32_t numArgs,
                             const int64_t *argSizes, int32_t flags) {
  // Bit 0: one call may run several blocks in x; bit 1: row by row.
  registry()[handle] = HostKernel{
      entry, name, std::vector<int64_t>(argSizes, argSizes + numArgs),
      (flags & 1) != 0, (flags & 2) != 0};
}

namespace {

/// A launch of grids of clusters of \p clusterDims blocks. Static: in the
/// extern "C" block an unnamed namespace alone left the name global, and a
/// program's own @launch collided with it.
static void launch(const void *handle, const char *name, int64_t gridX,
                   int64_t gridY, int64_t gridZ, int64_t blockX, int64_t blockY,
                   int64_t blockZ, const int64_t clusterDims[3],
                   int32_t sharedBytes, void *stream, void **params) {
  auto it = registry().find(handle);
  if (it == registry().end())
    fail("kernel '%s' has no host code; compile it with "
         "--offload-arch=host",
         name);
  // A GPU's threads per block; grids as large as 64 bits run.
  using mlirc::limits::maxThreadsPerBlock;
  static constexpr int64_t maxGrid[3] = {INT64_MAX, INT64_MAX, INT64_MAX};
  static constexpr int64_t maxBlock[3] = {
      maxThreadsPerBlock, maxThreadsPerBlock, maxThreadsPerBlock};
  mlirc::runtime::checkLaunchSizes(name, gridX, gridY, gridZ, blockX, blockY,
                                   blockZ, maxGrid, maxBlock);
  if (sharedBytes < 0)
    fail("launch of kernel '%s' with negative dynamic shared memory", name);
  const HostKernel &kernel = it->second;
  std::array<int64_t, 3> cluster = {clusterDims[0], clusterDims[1],
                                    clusterDims[2]};
  // Consecutive blocks of a row of the walk's column, when one call may
  // run them: a 16x16 block's rows of 16 threads ran as short vectorized
  // loops, each with its own set-up.
  int64_t mostInX = kernel.mergesBlocksInX
                        ? std::max<int64_t>(1, mergedThreadsInX / blockX)
                        : 1;
  int64_t columnWidth = kernel.streams ? gridX : 16;
  auto run = [entry = kernel.entry, name, gridX, gridY, gridZ, blockX, blockY,
              blockZ, cluster, sharedBytes, mostInX, columnWidth](void **args) {
    int64_t blocks = gridX * gridY * gridZ;
    pool().run(
        blocks, sharedBytes, [&](int64_t first, int64_t end, void *shared) {
          GridWalk walk(gridX, gridY, gridZ, columnWidth);
          walk.seek(first);
          BlockContext ctx = {{0, 0, 0},
                              {blockX, blockY, blockZ},
                              {gridX, gridY, gridZ},
                              {cluster[0], cluster[1], cluster[2]},
                              1};
          for (int64_t block = first; block < end;) {
            ctx.blockIdx[0] = walk.x;
            ctx.blockIdx[1] = walk.y;
            ctx.blockIdx[2] = walk.z;
            ctx.blocksInX =
                std::min({mostInX, walk.columnEnd - walk.x, end - block});
            entry(args, &ctx, shared, sharedBytes);
            for (int64_t i = 0; i < ctx.blocksInX; ++i)
              walk.next();
            block += ctx.blocksInX;
          }
        });
    if (assertFailed.load())
      fail("launch of kernel '%s' failed: a device-side assertion failed "
           "(cf.assert; its message is above)",
           name);
  };
  if (!stream) {
    onStream(nullptr, [&] { run(params); });
    return;
  }
  // The caller may reuse the argument slots as soon as this returns.
  size_t total = 0;
  for (int64_t size : kernel.argSizes)
    total += (size + 15) / 16 * 16;
  auto storage = std::make_shared<std::vector<char>>(total);
  auto args = std::make_shared<std::vector<void *>>(kernel.argSizes.size());
  size_t offset = 0;
  for (size_t i = 0; i < kernel.argSizes.size(); ++i) {
    void *copy = storage->data() + offset;
    std::memcpy(copy, params[i], kernel.argSizes[i]);
    (*args)[i] = copy;
    offset += (kernel.argSizes[i] + 15) / 16 * 16;
  }
  onStream(stream, [run, storage, args] { run(args->data()); });
}

} // namespace

void MLIRC_EXPORT(mlircLaunchKernel)(
    const void *handle, const void * /*ownHandle*/, const char *name,
    int64_t gridX, int64_t gridY, int64_t gridZ, int64_t blockX, int64_t blockY,
    int64_t blockZ, int32_t sharedBytes, void *stream, void **params) {
  static constexpr int64_t noClusters[3] = {1, 1, 1};
  launch(handle, name, gridX, gridY, gridZ, blockX, blockY, blockZ,
         noClusters, sharedBytes, stream, params);
}

void *MLIRC_EXPORT(mgpuStreamCreate)() { return new Stream(); }

void MLIRC_EXPORT(mgpuStreamDestroy)(void *handle) {
  auto *stream = static_cast<Stream *>(handle);
  stream->queue->waitFor(stream->queue->last());
  streamQueues().giveBack(std::move(stream->queue));
  delete stream;
}

void MLIRC_EXPORT(mgpuStreamSynchronize)(void *handle) {
  mlirc::runtime::MLIRC_EXPORT(waitForHostStream)(handle);
}

void MLIRC_EXPORT(mgpuStreamWaitEvent)(void *handle, void *eventHandle) {
  // What comes next on the stream waits, on the stream's thread, for what
  // the event covers on its own stream.
  Event event = *static_cast<Event *>(eventHandle);
  auto *stream = static_cast<Stream *>(handle);
  if (!event.queue || event.queue == stream->queue)
    return;
  stream->queue->enqueue([event] { event.synchronize(); });
}

void *MLIRC_EXPORT(mgpuEventCreate)() { return new Event(); }

void MLIRC_EXPORT(mgpuEventDestroy)(void *event) {
  delete static_cast<Event *>(event);
}

void MLIRC_EXPORT(mgpuEventSynchronize)(void *event) {
  static_cast<Event *>(event)->synchronize();
}

void MLIRC_EXPORT(mgpuEventRecord)(void *eventHandle, void *handle) {
  auto *event = static_cast<Event *>(eventHandle);
  if (!handle) {
    *event = Event();
    return;
  }
  auto *stream = static_cast<Stream *>(handle);
  event->queue = stream->queue;
  event->task = stream->queue->last();
}

/// TMA descriptors are NVIDIA's; mlirc builds them only into programs for
/// NVIDIA GPUs, so this is reached only when such a program runs elsewhere.
void *MLIRC_EXPORT(mgpuTensorMapEncodeTiledMemref)(int64_t, void *, int64_t,
                                                   int64_t, int64_t, int64_t,
                                                   int64_t, int64_t *) {
  mlirc::runtime::fail("nvgpu.tma.create.descriptor needs an NVIDIA GPU "
                       "(sm_90 or later); this program runs on the CPU");
}

void MLIRC_EXPORT(mgpuSetDefaultDevice)(int32_t) {}

void *MLIRC_EXPORT(mgpuMemAlloc)(uint64_t sizeBytes, void *, bool) {
  if (sizeBytes == 0)
    return nullptr;
  // Aligned for any vector type the kernels may load. Large buffers get
  // huge pages: kernels often read them with strides of a page or more
  // (columns of matrices), which would otherwise miss the TLB on every row.
  constexpr uint64_t hugePage = 2 << 20;
  uint64_t alignment = sizeBytes >= hugePage ? hugePage : 64;
  // posix_memalign takes the exact size, so that AddressSanitizer sees an
  // access past the buffer (-fsanitize=address).
  void *ptr = nullptr;
  if (posix_memalign(&ptr, alignment, sizeBytes) != 0)
    ptr = nullptr;
  if (!ptr)
    fail("out of memory allocating %llu bytes of device memory",
         static_cast<unsigned long long>(sizeBytes));
  if (alignment == hugePage)
    madvise(ptr, sizeBytes, MADV_HUGEPAGE);
  return ptr;
}

void MLIRC_EXPORT(mgpuMemFree)(void *ptr, void *stream) {
  onStream(stream, [ptr] { std::free(ptr); });
}

void MLIRC_EXPORT(mgpuMemcpy)(void *dst, void *src, size_t sizeBytes,
                              void *stream) {
  onStream(stream, [=] { std::memmove(dst, src, sizeBytes); });
}

void MLIRC_EXPORT(mgpuMemset32)(void *dst, unsigned int value, size_t count,
                                void *stream) {
  onStream(stream, [=] {
    auto *words = static_cast<uint32_t *>(dst);
    std::fill(words, words + count, value);
  });
}

void MLIRC_EXPORT(mgpuMemset16)(void *dst, unsigned short value, size_t count,
                                void *stream) {
  onStream(stream, [=] {
    auto *halves = static_cast<uint16_t *>(dst);
    std::fill(halves, halves + count, value);
  });
}

void MLIRC_EXPORT(mgpuMemHostRegisterMemRef)(int64_t, MemRefDescriptor *,
                                             int64_t) {}
void MLIRC_EXPORT(mgpuMemHostUnregisterMemRef)(int64_t, MemRefDescriptor *,
                                               int64_t) {}

/// Clusters only group blocks on the CPU: a kernel sees its cluster ids
/// and sizes (distributed shared memory does not compile for the host
/// target), and its blocks run as those of one launch.
void MLIRC_EXPORT(mlircLaunchClusterKernel)(
    const void *handle, const void *, const char *name, int64_t clusterX,
    int64_t clusterY, int64_t clusterZ, int64_t gridX, int64_t gridY,
    int64_t gridZ, int64_t blockX, int64_t blockY, int64_t blockZ,
    int32_t sharedBytes, void *stream, void **params) {
  const int64_t cluster[] = {clusterX, clusterY, clusterZ};
  const int64_t grid[] = {gridX, gridY, gridZ};
  for (int i = 0; i < 3; ++i)
    if (cluster[i] < 1 || grid[i] % cluster[i])
      fail("launch of kernel '%s' with a grid of %lldx%lldx%lld blocks in "
           "clusters of %lldx%lldx%lld: a cluster size must divide the grid",
           name, static_cast<long long>(gridX), static_cast<long long>(gridY),
           static_cast<long long>(gridZ), static_cast<long long>(clusterX),
           static_cast<long long>(clusterY), static_cast<long long>(clusterZ));
  launch(handle, name, gridX, gridY, gridZ, blockX, blockY, blockZ, cluster,
         sharedBytes, stream, params);
}

#include "runtime/DeviceMemRefs.h"
#include "runtime/HostMemoryReadable.h"
#include "runtime/LaunchBounds.h"

} // extern "C"
