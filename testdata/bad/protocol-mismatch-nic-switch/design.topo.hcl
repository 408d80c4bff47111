# Ethernet NICs (ConnectX-7-Eth) cabled to InfiniBand leaves.
node_model "box" {
  base = "HGX-H100"
  nic "compute" {
    model = "ConnectX-7-Eth"
    count = 8
  }
}

node_group "n" {
  model = "box"
  count = 4
}

fabric "f" {
  clos {
    endpoints = node_group.n.nics.compute
    tier "leaf" {
      model = "QM9700"
    }
  }
}
