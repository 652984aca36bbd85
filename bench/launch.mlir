// The cost of launching an empty 1x1x1 kernel on the host target, 100000
// times synchronously and 100000 times asynchronously on one token chain.
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
    %start = gpu.wait async
    %last = scf.for %i = %c0 to %count step %c1 iter_args(%tok = %start)
        -> !gpu.async.token {
      %next = gpu.launch_func async [%tok] @k::@empty blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1)
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%last]
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
