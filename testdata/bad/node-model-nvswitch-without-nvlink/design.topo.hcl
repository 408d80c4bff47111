# An HGX-like model whose NVLink split leaves three NVSwitches unlinked.
node_model "x" {
  gpu               = "H100"
  gpus              = 8
  nvswitches        = 4
  nvlink_per_switch = [18, 0, 0, 0]
}
node_group "g" {
  model = "x"
  count = 1
}
