node_model "my-node" {
  gpu  = "H100"
  gpus = 2
  nic "compute" {
    model = "ConnectX-7"
    count = 2
  }
  pcie_switch {
    gpus = [0, 1]
    nics = ["compute[2]"]
  }
}

node_group "n" {
  model = "my-node"
}
