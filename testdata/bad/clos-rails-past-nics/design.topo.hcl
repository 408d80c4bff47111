# Issue 11 trial: rails = 16 over DGX H100s with 8 compute NICs built 8 empty
# rail leaves, uplinked and cabled for nothing, and passed.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}
fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 16
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}
