# Issue 11 trial: one single-port NIC per GPU listed as the endpoints of two
# fabrics; each fabric used to count the port as its own and check passed.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
}
fabric "a" {
  clos {
    endpoints = node_group.dgx.nics.compute
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
fabric "b" {
  clos {
    endpoints = node_group.dgx.nics.compute
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
