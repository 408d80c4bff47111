# server_transit lists a path twice.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    server_transit = ["nvlink", "pcie", "nvlink"]
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 4
    }
  }
}
