# Issue 19 attack: 10,000,000 planes over 2 servers ran out of memory; a
# tier has at least one switch per plane, and the estimate says so.
node_group "g" {
  model = "DGX-H100"
  count = 2
}

fabric "f" {
  clos {
    endpoints = node_group.g.nics.compute
    planes    = 10000000
    tier "leaf" {
      model = "QM9700"
    }
  }
}
