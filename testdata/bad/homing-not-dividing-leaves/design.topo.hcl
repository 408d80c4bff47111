# Dual-homing spreads each host's two ports over a pair of leaves, but
# the leaf tier has 3 leaves: one would have no partner.
fabric "fe" {
  clos {
    hosts      = 24
    host_rate  = "200Gb/s"
    host_ports = 2
    homing     = 2
    tier "leaf" {
      model     = "QM9700"
      link_rate = "400Gb/s"
      count     = 3
      down      = 16
    }
  }
}
