node_model "box4" {
  gpu               = "H100"
  gpus              = 4
  nvswitches        = 2
  nvlink_per_switch = [9, 9]
  cpu {
    sockets  = 2
    vendor   = "GenuineIntel"
    arch     = "x86_64"
    model_id = 143
    family   = 6
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 2
  }
  pcie_switch {
    count  = 2
    socket = count.index
    gpus   = [2 * count.index, 2 * count.index + 1]
    nics   = ["compute[${count.index}]"]
    gen    = 5
    width  = 16
  }
}
node_group "b" {
  model = "box4"
  count = 8
}
fabric "ib" {
  clos {
    endpoints = node_group.b.nics.compute
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 2
      down  = 16
    }
  }
}
