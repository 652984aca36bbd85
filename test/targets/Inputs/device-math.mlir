// Math on values a kernel loads, for the device-code tests of
// amdgpu-ocml.test and nvptx-math.test.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @math(%f: memref<?xf32>, %d: memref<?xf64>, %v: memref<?xvector<4xf32>>, %n: memref<?xi32>, %b: memref<?xi1>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %f[%i] : memref<?xf32>
      %y = memref.load %d[%i] : memref<?xf64>
      %w = memref.load %v[%i] : memref<?xvector<4xf32>>
      %k = memref.load %n[%i] : memref<?xi32>
      %t = math.tanh %x : f32
      %a = math.atan2 %x, %t : f32
      %s = math.sinh %a : f32
      %c = math.trunc %s : f32
      memref.store %c, %f[%i] : memref<?xf32>
      %tan = math.tan %y : f64
      %sin, %cos = math.sincos %tan : f64
      %acos = math.acos %sin : f64
      %sum = arith.addf %acos, %cos : f64
      memref.store %sum, %d[%i] : memref<?xf64>
      %lo = vector.broadcast %x : f32 to vector<4xf32>
      %hi = vector.broadcast %t : f32 to vector<4xf32>
      %clamped = math.clampf %w to [%lo, %hi] : vector<4xf32>
      memref.store %clamped, %v[%i] : memref<?xvector<4xf32>>
      %pop = math.ctpop %k : i32
      %lz = math.ctlz %pop : i32
      %abs = math.absi %lz : i32
      memref.store %abs, %n[%i] : memref<?xi32>
      %inf = math.isinf %x : f32
      %normal = math.isnormal %x : f32
      %both = arith.andi %inf, %normal : i1
      memref.store %both, %b[%i] : memref<?xi1>
      gpu.return
    }
  }
}
