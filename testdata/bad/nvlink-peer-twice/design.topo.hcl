# A GPU pair written twice: one block with links = 2 says it.
gpu_model "V100" {
  nvlink_links = 6
  nvlink_rate  = "25GB/s"
  pcie_gen     = 3
  pcie_width   = 16
}
node_model "m" {
  gpu  = "V100"
  gpus = 4
  nvlink_peer {
    gpus = [0, 1]
  }
  nvlink_peer {
    gpus = [1, 0]
  }
}

node_group "g" {
  model = "m"
  count = 2
}

