# A computed value in a list of endpoint references.
node_group "dgx" {
  model = "DGX-H100"
  count = 2
}

fabric "f" {
  clos {
    endpoints = [node_group.dgx.nics.compute, "node_group.dgx.nics.storage"]
    tier "leaf" {
      model = "QM9700"
    }
  }
}
