node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.comput
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}
