# 8 single-port NICs per server cannot spread evenly over 3 planes.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    planes         = 3
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      down  = 16
    }
  }
}
