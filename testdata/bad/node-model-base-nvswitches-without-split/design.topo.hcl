# nvswitches = 2 on a DGX-H100 base kept its 4-entry split: two errors
# at base, one of them about a 9/9 spread the split contradicts (trial
# finding). One error, at nvswitches.
node_model "m" {
  base       = "DGX-H100"
  nvswitches = 2
}
node_group "g" {
  model = "m"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.g.nics.compute
    tier "leaf" {
      model = "QM9700"
    }
  }
}
