# Issue 11: a node model of two sockets with no inter_socket_rate and no
# arch NCCL models. Half its GPUs had no path to any NIC on the other
# socket, yet injected, and bisection came out "exact" at a fraction of
# the fabric. Sockets are always linked (NCCL links the CPUs of one
# node), so the rate is NCCL's default for the arch and vendor, or an
# error at the cpu block when neither is one NCCL models.
gpu_model "X3" {
  nvlink_links = 0
  pcie_gen     = 5
  pcie_width   = 16
}

node_model "box" {
  gpu  = "X3"
  gpus = 8

  cpu {
    sockets = 2
  }

  nic "compute" {
    model = "ConnectX-7"
    count = 8
  }
}

node_group "n" {
  model = "box"
  count = 4
}

fabric "f" {
  clos {
    endpoints = node_group.n.nics.compute
    tier "leaf" {
      model = "QM9700"
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
