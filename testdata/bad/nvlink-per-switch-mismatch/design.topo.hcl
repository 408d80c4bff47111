node_model "my-hgx" {
  gpu               = "H100"
  gpus              = 8
  nvswitches        = 4
  nvlink_per_switch = [5, 5, 4, 4, 0]
}

node_group "n" {
  model = "my-hgx"
  count = 1
}
