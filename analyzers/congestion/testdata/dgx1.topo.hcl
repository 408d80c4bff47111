# One DGX H100 (8 GPUs on 4 NVSwitches, 450 GB/s of NVLink per GPU and
# direction) and no fabric: designs.md acceptance case 23.
node_group "dgx" {
  model = "DGX-H100"
}

workload "node" {
  gpus = node_group.dgx.gpus

  collective "ring" {
    op   = "allreduce"
    size = "1GiB"
  }
  collective "nvls" {
    op        = "allreduce"
    algorithm = "nvls"
    size      = "1GiB"
  }
  collective "gather" {
    op   = "allgather"
    size = "1GiB"
  }
  collective "tree" {
    op        = "allreduce"
    algorithm = "tree"
    size      = "1GiB"
  }
}
