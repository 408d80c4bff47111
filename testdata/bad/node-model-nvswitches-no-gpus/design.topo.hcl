# Two NVSwitches with no GPU to link: they would be built unlinked.
node_model "switch-box" {
  gpus       = 0
  nvswitches = 2
}

node_group "b" {
  model = "switch-box"
  count = 1
}
