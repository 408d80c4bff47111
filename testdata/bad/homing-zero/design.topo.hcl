# homing = 0 is meaningless: every port goes to some leaf.
fabric "fe" {
  clos {
    hosts      = 24
    host_rate  = "200Gb/s"
    host_ports = 2
    homing     = 0
    tier "leaf" {
      model     = "QM9700"
      link_rate = "400Gb/s"
      count     = 2
      down      = 16
    }
  }
}
