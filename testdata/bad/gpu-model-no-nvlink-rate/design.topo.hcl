# Issue 11: a GPU model with NVLink links but no nvlink_rate, in a node
# model with NVSwitches and no nvswitch_model (whose port rate would have
# been compared). Every GPU-NVSwitch link was built at 0 b/s and an
# AllReduce read "congestion 0.00"; now the gpu_model is refused where it
# lists its links.
gpu_model "X2" {
  nvlink_links = 18
  pcie_gen     = 5
  pcie_width   = 16
}

node_model "box" {
  gpu        = "X2"
  gpus       = 8
  nvswitches = 4

  cpu {
    sockets = 1
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
