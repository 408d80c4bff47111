# A tier named "rail" would list its switches as a second unit kind
# "rail" beside the rails in the oversubscription report.
node_group "dgx" {
  model = "DGX-H100"
  count = 8
}

fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    server_transit = ["nvlink"]
    tier "rail" {
      model = "QM9700"
      per   = ["rail"]
      down  = 8
    }
  }
}
