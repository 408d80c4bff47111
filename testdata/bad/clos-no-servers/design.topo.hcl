# Issue 19: a clos over a node group of 0 servers exited 0 with an info.
node_group "n" {
  model = "DGX-H100"
  count = 0
}

fabric "backend" {
  clos {
    endpoints = node_group.n.nics.compute
    tier "leaf" {
      model = "QM9700"
    }
  }
}
