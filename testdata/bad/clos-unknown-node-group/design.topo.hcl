node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints = node_group.dgz.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
    }
  }
}
