# 32 H100s on the 4 NVSwitch-gen3 chips of a DGX-H100 base: each chip
# would take 4 or 5 links from each GPU, up to 160 ports, and a chip has 64
# (trial finding: the chips' port budget was not checked).
node_model "big-box" {
  base = "DGX-H100"
  gpus = 32
}

node_group "boxes" {
  model = "big-box"
  count = 2
}

fabric "backend" {
  clos {
    endpoints = node_group.boxes.nics.compute
    tier "leaf" {
      model = "QM9700"
    }
  }
}
