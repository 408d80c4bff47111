# Workloads over examples/gb200-nvl72-2rack (compiled together with it):
# two GB200 NVL72 racks, one NVLink domain each, one scale-out fabric.

# An AllToAll inside each rack's NVLink domain (tensor = 72) and one
# across the racks (data = 2): the first never touches the scale-out
# fabric, as NCCL's multi-node NVLink keeps it on the NVSwitch trays
# (trial 59 found it routed over the ConnectX NICs). Sizes are test
# values.
workload "ep" {
  gpus = [node_group.rack0.gpus, node_group.rack1.gpus]
  parallelism {
    tensor = 72
  }
  collective "a2a_tensor" {
    op    = "alltoall"
    size  = "256MiB"
    group = "tensor"
  }
  collective "a2a_data" {
    op    = "alltoall"
    size  = "256MiB"
    group = "data"
  }
}

# A data-parallel ring over all 144 GPUs: NCCL fuses each rack's NVLink
# domain into one node, so the rail-aware rings have one channel per GPU
# of the rack (72), each leaving the rack once through its own NIC.
workload "dp" {
  gpus = [node_group.rack0.gpus, node_group.rack1.gpus]
  collective "ring" {
    op    = "allreduce"
    size  = "1GiB"
    group = "data"
  }
}
