// Functions a program may start with (--entry-point), as mlir-runner's -e
// runs them, and some it may not.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @entry() {
  %c = arith.constant 1.5 : f32
  call @printF32(%c) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @status() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}

func.func @wide_status() -> i64 {
  %c = arith.constant 7 : i64
  return %c : i64
}

func.func private @result() -> f32 {
  %c = arith.constant 3.25 : f32
  return %c : f32
}

func.func @takes(%a: i32) {
  return
}

func.func @returns_index() -> index {
  %c = arith.constant 1 : index
  return %c : index
}

func.func @negative() -> i64 {
  %c = arith.constant -5000000000 : i64
  return %c : i64
}
