# A node model with both PCIe faults: PCIe switch 0 is Gen4 x16
# (252 Gb/s) with a 400G ConnectX-7 under it, and switch 1 holds GPUs 2
# and 3 but no NIC (NIC 1 hangs off socket 1's root complex). Both
# diagnostics point at the node_model block.
node_model "gen4-box" { # want "nic-pcie-bottleneck" "gpu-without-local-nic"
  gpu  = "H100"
  gpus = 4

  cpu {
    sockets           = 2
    inter_socket_rate = "22GB/s"
  }

  nic "compute" {
    model = "ConnectX-7"
    count = 2
  }

  pcie_switch {
    socket = 0
    gpus   = [0, 1]
    nics   = ["compute[0]"]
    gen    = 4
    width  = 16
  }

  pcie_switch {
    socket = 1
    gpus   = [2, 3]
    gen    = 5
    width  = 16
  }
}

node_group "boxes" {
  model = "gen4-box"
  count = 3
}
