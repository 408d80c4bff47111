node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    hosts     = 32
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
    }
  }
}
