# Issue 11: a GPU model without pcie_gen. Its GPUs hang off the root
# complex, so their PCIe links would be built at 0 b/s; topoc used to
# compute an "analytic" bisection over them. Now the model is refused at
# the gpu line.
gpu_model "X1" {
  nvlink_links = 0
}

node_model "box" {
  gpu  = "X1"
  gpus = 2

  cpu {
    sockets = 1
  }

  nic "compute" {
    model = "ConnectX-7"
    count = 2
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
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
