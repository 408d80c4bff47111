# An empty list of GPU references.
node_group "dgx" {
  model = "DGX-H100"
}

workload "w" {
  gpus = []
  collective "ring" {
    op   = "allreduce"
    size = "1GiB"
  }
}
