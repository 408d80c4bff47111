# Implicit hosts have no internals for traffic to cross.
fabric "fe" {
  clos {
    hosts          = 8
    host_rate      = "400Gb/s"
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      down  = 8
    }
  }
}
