// The cost of launching an empty 1x1x1 kernel on the host target, 100000
// times synchronously and 100000 times asynchronously (chains of eight
// launches, each chain waited for).
// Prints microseconds per launch: synchronous, then asynchronous.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @empty() kernel {
      gpu.return
    }
  }
  func.func private @rtclock() -> f64
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %count = arith.constant 100000 : index
    %perMicro = arith.constant 10.0 : f64
    %t0 = func.call @rtclock() : () -> f64
    scf.for %i = %c0 to %count step %c1 {
      gpu.launch_func @k::@empty blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1)
    }
    %t1 = func.call @rtclock() : () -> f64
    // Eight chained async launches, then one wait, per iteration.
    %c8 = arith.constant 8 : index
    %rounds = arith.divui %count, %c8 : index
    scf.for %i = %c0 to %rounds step %c1 {
      %a0 = gpu.wait async
      %a1 = gpu.launch_func async [%a0] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      %a2 = gpu.launch_func async [%a1] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      %a3 = gpu.launch_func async [%a2] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      %a4 = gpu.launch_func async [%a3] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      %a5 = gpu.launch_func async [%a4] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      %a6 = gpu.launch_func async [%a5] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      %a7 = gpu.launch_func async [%a6] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      %a8 = gpu.launch_func async [%a7] @k::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      gpu.wait [%a8]
    }
    %t2 = func.call @rtclock() : () -> f64
    %sync = arith.subf %t1, %t0 : f64
    %async = arith.subf %t2, %t1 : f64
    // seconds / 100000 launches * 1e6 = seconds * 10
    %syncUs = arith.mulf %sync, %perMicro : f64
    %asyncUs = arith.mulf %async, %perMicro : f64
    vector.print %syncUs : f64
    vector.print %asyncUs : f64
    return
  }
}
