# A GPU model without nvlink_rate would build the peers at 0 b/s.
gpu_model "X" {
  nvlink_links = 6
  pcie_gen     = 4
  pcie_width   = 16
}
node_model "m" {
  gpu  = "X"
  gpus = 2
  nvlink_peer {
    gpus = [0, 1]
  }
}

node_group "g" {
  model = "m"
  count = 2
}

