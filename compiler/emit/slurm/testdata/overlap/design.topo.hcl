# Servers of two models on one rail-leaf group: the leaves serve
# overlapping node sets (DGX H100s on every leaf, 4-NIC boxes on some).
node_model "box4" {
  gpu  = "H100"
  gpus = 4
  cpu {
    sockets = 2
    vendor = "GenuineIntel"
    arch = "x86_64"
    model_id = 143
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 4
  }
}
node_group "a" {
  model = "DGX-H100"
  count = 3
  name = format("a%d", count.index)
}
node_group "b" {
  model = "box4"
  count = 3
  name = format("b%d", count.index)
}
fabric "compute" {
  clos {
    endpoints = [node_group.a.nics.compute, node_group.b.nics.compute]
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      count = 2
      down  = 4
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
