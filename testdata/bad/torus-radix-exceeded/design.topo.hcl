# A 3D torus router needs p + 2 per dimension = 4 + 6 = 10 ports; a
# router model of 8 ports cannot hold them.
switch_model "R8" {
  radix     = 8
  port_rate = "200Gb/s"
}

fabric "t" {
  torus {
    dims         = [4, 4, 4]
    p            = 4
    link_rate    = "200Gb/s"
    router_model = "R8"
  }
}
