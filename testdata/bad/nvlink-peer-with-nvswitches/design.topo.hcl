# NVLink peers beside in-box NVSwitches.
node_model "m" {
  base = "DGX-H100"
  nvlink_peer {
    gpus = [0, 1]
  }
}

node_group "g" {
  model = "m"
  count = 2
}

