# Port p of a dual-port NIC goes to plane p: planes 2 and 3 would be
# built with no endpoints.
node_group "dgx" {
  model = "DGX-H100" # 2 storage NICs of 2 ports each
  count = 8
}

fabric "storage" {
  clos {
    endpoints = node_group.dgx.nics.storage
    planes    = 4
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 8
    }
  }
}
