# Sourced by the benchmarks that build C with OpenMP: sets omp=(...), the
# flags clang -fopenmp needs to find an OpenMP runtime (LLVM 22's when
# installed, else Debian's default libomp-dev, installed when missing; not
# libomp-22-dev, which removes it). Needs $clang and $out.
omp=()
if ! echo 'int main(void){return 0;}' |
    "$clang" -x c -fopenmp - -o "$out/omp-check" 2>/dev/null; then
  for dir in /usr/lib/llvm-*/lib; do
    if [ -e "$dir/libomp.so" ]; then
      omp=(-L"$dir" -Wl,-rpath,"$dir")
      break
    fi
  done
  if [ ${#omp[@]} -eq 0 ]; then
    apt-get install -y -q libomp-dev >/dev/null
    exec "$0" "$@"
  fi
fi
