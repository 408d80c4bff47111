# A server of four GPUs with no NVLink: a ring among them runs over PCIe
# through the CPU's root complex (NCCL's P2P or shared-memory transport).
node_model "pcie4" {
  gpu  = "H100"
  gpus = 4
  cpu {
    sockets = 1
  }
}

node_group "s" {
  model = "pcie4"
}

workload "w" {
  gpus = node_group.s.gpus
  collective "ring" {
    op        = "allreduce"
    size      = "1GB"
    order     = "naive"
  }
}
