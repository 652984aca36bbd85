// async.func, async.call and async.return in host code: functions that
// run as tasks, with token and value results, async values and plain
// values as arguments, an async.execute and a GPU launch inside, and a
// cf.assert in one's body as its error. Before, 'async.func' failed to legalize; with it
// lowered, a memref value crossing a call was freed before its await (the
// call's type and the await's differed, and reference counting took them
// for two values).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: empty 0
// CHECK-NEXT: failed 1
// CHECK-NEXT: nested 1
// CHECK-NEXT: value 5
// CHECK-NEXT: index 42
// CHECK-NEXT: Unranked Memref {{.*}} rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [9]
// CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [0, 1, 4, 9]
async.func @empty() -> !async.token {
  return
}

async.func @fails() -> !async.token {
  %no = arith.constant false
  cf.assert %no, "fails"
  return
}

async.func @awaits_failing() -> !async.token {
  %t = async.call @fails() : () -> !async.token
  async.await %t : !async.token
  return
}

async.func @half() -> !async.value<f32> {
  %c = arith.constant 2.5 : f32
  return %c : f32
}

async.func @doubled() -> !async.value<f32> {
  %v = async.call @half() : () -> !async.value<f32>
  %x = async.await %v : !async.value<f32>
  %y = arith.addf %x, %x : f32
  return %y : f32
}

async.func @make() -> !async.value<memref<f32>> {
  %m = memref.alloc() : memref<f32>
  %c = arith.constant 1.5 : f32
  memref.store %c, %m[] : memref<f32>
  return %m : memref<f32>
}

async.func @triple(%arg: !async.value<memref<f32>>) -> !async.token {
  %m = async.await %arg : !async.value<memref<f32>>
  %x = memref.load %m[] : memref<f32>
  %c3 = arith.constant 3.0 : f32
  %y = arith.mulf %x, %c3 : f32
  memref.store %y, %m[] : memref<f32>
  return
}

async.func @plain(%m: memref<f32>, %k: index) -> !async.value<index> {
  %t = async.execute {
    %x = memref.load %m[] : memref<f32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %m[] : memref<f32>
    async.yield
  }
  async.await %t : !async.token
  %c1 = arith.constant 1 : index
  %r = arith.addi %k, %c1 : index
  return %r : index
}

async.func @squares(%buf: memref<4xi32>) -> !async.token {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    %w = arith.muli %v, %v : i32
    memref.store %w, %buf[%tx] : memref<4xi32>
    gpu.terminator
  }
  return
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %t0 = async.call @empty() : () -> !async.token
  async.runtime.await %t0 : !async.token
  %e0 = async.runtime.is_error %t0 : !async.token
  vector.print str "empty "
  vector.print %e0 : i1
  %t1 = async.call @fails() : () -> !async.token
  async.runtime.await %t1 : !async.token
  %e1 = async.runtime.is_error %t1 : !async.token
  vector.print str "failed "
  vector.print %e1 : i1
  %t2 = async.call @awaits_failing() : () -> !async.token
  async.runtime.await %t2 : !async.token
  %e2 = async.runtime.is_error %t2 : !async.token
  vector.print str "nested "
  vector.print %e2 : i1
  %v = async.call @doubled() : () -> !async.value<f32>
  %x = async.await %v : !async.value<f32>
  vector.print str "value "
  vector.print %x : f32
  %made = async.call @make() : () -> !async.value<memref<f32>>
  %t3 = async.call @triple(%made) : (!async.value<memref<f32>>) -> !async.token
  async.await %t3 : !async.token
  %m = async.await %made : !async.value<memref<f32>>
  %c41 = arith.constant 41 : index
  %r = async.call @plain(%m, %c41) : (memref<f32>, index) -> !async.value<index>
  %k = async.await %r : !async.value<index>
  vector.print str "index "
  vector.print %k : index
  %u = memref.cast %m : memref<f32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<f32>
  %buf = gpu.alloc host_shared () : memref<4xi32>
  %t4 = async.call @squares(%buf) : (memref<4xi32>) -> !async.token
  async.await %t4 : !async.token
  %ub = memref.cast %buf : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
  gpu.dealloc %buf : memref<4xi32>
  return
}
