// Four blocks in clusters of two: each block prints its cluster and its
// place in it.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  gpu.launch clusters(%cx, %cy, %cz) in (%sx = %c2, %sy = %c1, %sz = %c1)
             blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) {
    %cluster = gpu.cluster_id x
    %rank = gpu.cluster_block_id x
    %size = gpu.cluster_dim_blocks x
    gpu.printf "block %lld: cluster %lld, block %lld of %lld\n", %bx, %cluster, %rank, %size : index, index, index, index
    gpu.terminator
  }
  return
}
