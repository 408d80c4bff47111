# server_transit names a path topoc does not know ("nvlnk").
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    server_transit = ["nvlnk"]
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 4
    }
  }
}
