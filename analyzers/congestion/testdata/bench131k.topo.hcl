# Loaded beside examples/rail-optimized-131k for the benchmarks
# (bench_test.go): collectives over all 131,072 GPUs, one per workload.
workload "ring" {
  gpus = node_group.dgx.gpus
  collective "allreduce" {
    op      = "allreduce"
    size    = "1GiB"
    routing = "ideal"
  }
}

workload "alltoall" {
  gpus = node_group.dgx.gpus
  collective "alltoall" {
    op      = "alltoall"
    size    = "1GiB"
    routing = "ideal"
  }
}

workload "alltoall-ecmp" {
  gpus = node_group.dgx.gpus
  collective "alltoall" {
    op   = "alltoall"
    size = "1GiB"
  }
}
