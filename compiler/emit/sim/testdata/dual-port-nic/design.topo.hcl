node_model "hgx2p" {
  gpu               = "H100"
  gpus              = 8
  nvswitches        = 4
  nvlink_per_switch = [4, 5, 5, 4]
  cpu {
    sockets  = 2
    vendor   = "GenuineIntel"
    arch     = "x86_64"
    model_id = 143
    family   = 6
  }
  nic "compute" {
    model = "ConnectX-7-2P"
    count = 8
  }
  pcie_switch {
    count  = 8
    socket = floor(count.index / 4)
    gpus   = [count.index]
    nics   = ["compute[${count.index}]"]
    gen    = 5
    width  = 16
  }
}
node_group "n" {
  model = "hgx2p"
  count = 4
}
fabric "ib" {
  clos {
    endpoints = node_group.n.nics.compute
    planes    = 2
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 4
      down  = 8
    }
  }
}
