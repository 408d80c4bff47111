# Two fabrics over the same servers: the compute rails and a storage
# leaf pair under one spine, so a NetBox CSV of every cable can be read against one.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 8
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}

fabric "storage" {
  clos {
    endpoints = node_group.dgx.nics.storage
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 8
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 1
    }
  }
}
