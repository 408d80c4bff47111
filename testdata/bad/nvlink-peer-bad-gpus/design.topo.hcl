# A GPU index past the model's GPUs, and a GPU paired with itself.
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
    gpus = [0, 4]
  }
  nvlink_peer {
    gpus  = [2, 2]
    links = 2
  }
}

node_group "g" {
  model = "m"
  count = 2
}

