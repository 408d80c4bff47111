# GPU 0 gets 7 NVLinks; a V100 has 6.
gpu_model "V100" {
  nvlink_links = 6
  nvlink_rate  = "25GB/s"
  pcie_gen     = 3
  pcie_width   = 16
}
node_model "m" {
  gpu  = "V100"
  gpus = 8
  nvlink_peer {
    count = 7
    gpus  = [0, count.index + 1]
  }
}

node_group "g" {
  model = "m"
  count = 2
}

