// An entry point that calls a function of another file.
func.func private @helper() -> i32

func.func @start() -> i32 {
  %r = call @helper() : () -> i32
  return %r : i32
}
