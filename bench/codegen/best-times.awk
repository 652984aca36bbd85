# The best time per kernel of two programs of the code-quality suite, from
# lines "<program> <kernel number> <seconds>", and their ratio:
#   awk -v title=... -v first=mlirc -v second=cuda [-v label=CUDA]
#       [-v goal=1.05] -f best-times.awk
# A ratio above the goal is marked; a kernel without both times "did not
# run". Used by bench/codegen.sh and scripts/gpu-check.sh.
BEGIN {
  n = split("saxpy matmul reduce stencil dot transpose histogram math " \
            "rowmax gemv i8dot", name, " ")
  if (label == "") label = second
}
{ key = $1 SUBSEP ($2 + 1)
  if (!(key in best) || $3 < best[key]) best[key] = $3 }
END {
  print title
  printf "%-10s %12s %12s %8s\n", "kernel", first, label, "ratio"
  for (k = 1; k <= n; k++) {
    m = best[first SUBSEP k]; o = best[second SUBSEP k]
    if (m == "" || o == "") { printf "%-10s did not run\n", name[k]; continue }
    mark = goal != "" && m / o > goal ? "  (goal: " goal "x)" : ""
    printf "%-10s %12.6f %12.6f %7.2fx%s\n", name[k], m, o, m / o, mark
  }
}
