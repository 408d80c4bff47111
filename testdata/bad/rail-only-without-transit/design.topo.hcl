# A rail-only fabric (one switch per rail, no spine) without
# server_transit: the rails meet only inside the servers, which the
# fabric does not say it relies on, so it falls apart into 8 pieces.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 4
    }
  }
}
