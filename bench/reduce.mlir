// A host scf.parallel loop with two reductions (sum and max of i * i mod
// 1000003 over 2^24 iterations), which mlirc runs on every core.
// Prints the seconds one run takes (best of several) and the results.
module {
  func.func private @rtclock() -> f64
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 16777216 : index
    %p = arith.constant 1000003 : i64
    %zero = arith.constant 0 : i64
    %low = arith.constant -1 : i64
    %inf = arith.constant 1.0e30 : f64
    %best, %sum, %max = scf.for %r = %c0 to %c10 step %c1
        iter_args(%b = %inf, %s0 = %zero, %m0 = %zero) -> (f64, i64, i64) {
      %t0 = func.call @rtclock() : () -> f64
      %s, %m = scf.parallel (%i) = (%c0) to (%n) step (%c1)
          init (%zero, %low) -> (i64, i64) {
        %ii = arith.index_cast %i : index to i64
        %sq = arith.muli %ii, %ii : i64
        %v = arith.remsi %sq, %p : i64
        scf.reduce(%v, %v : i64, i64) {
        ^bb0(%x: i64, %y: i64):
          %a = arith.addi %x, %y : i64
          scf.reduce.return %a : i64
        }, {
        ^bb0(%x: i64, %y: i64):
          %a = arith.maxsi %x, %y : i64
          scf.reduce.return %a : i64
        }
      }
      %t1 = func.call @rtclock() : () -> f64
      %d = arith.subf %t1, %t0 : f64
      %nb = arith.minimumf %b, %d : f64
      scf.yield %nb, %s, %m : f64, i64, i64
    }
    vector.print %best : f64
    func.call @printI64(%sum) : (i64) -> ()
    func.call @printComma() : () -> ()
    func.call @printI64(%max) : (i64) -> ()
    func.call @printNewline() : () -> ()
    return
  }
}
