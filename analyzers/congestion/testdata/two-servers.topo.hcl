# Two servers of four GPUs (HGX-style NVSwitch inside), no fabric: for
# placement tests.
node_model "quad" {
  gpu        = "H100"
  gpus       = 4
  nvswitches = 2
}

node_group "n" {
  model = "quad"
  count = 2
  name  = format("n%d", count.index)
}

workload "w" {
  gpus = node_group.n.gpus
}
