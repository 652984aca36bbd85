// RUN: mlirc-opt --mlirc-merge-async-dependencies %s | FileCheck %s
// RUN: mlirc-opt --mlirc-sync-host-shared-allocs %s | FileCheck %s --check-prefix=SHARED
// gpu-to-llvm lowers one async dependency per op and host_shared
// allocations only when synchronous: the passes rewrite the rest into
// those forms.

// CHECK-LABEL: func.func @two
// CHECK: %[[A:.*]] = gpu.wait async
// CHECK: %[[B:.*]] = gpu.wait async
// CHECK: %[[J:.*]] = gpu.wait async [%[[A]], %[[B]]]
// CHECK: gpu.alloc async [%[[J]]] (
func.func @two(%n: index) {
  %t1 = gpu.wait async
  %t2 = gpu.wait async
  %m, %t3 = gpu.alloc async [%t1, %t2] (%n) : memref<?xf32>
  gpu.wait [%t3]
  return
}

// SHARED-LABEL: func.func @shared
// SHARED: %[[T:.*]] = gpu.wait async
// SHARED-NEXT: gpu.wait [%[[T]]]
// SHARED-NEXT: gpu.alloc host_shared (
func.func @shared(%n: index) {
  %t1 = gpu.wait async
  %m, %t2 = gpu.alloc async [%t1] host_shared (%n) : memref<?xf32>
  gpu.wait [%t2]
  return
}
