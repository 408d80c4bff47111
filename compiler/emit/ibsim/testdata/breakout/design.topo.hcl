# Hosts at 200G on QM9700 leaves: each host port is a 2x lane of a split
# 400G leaf port.
fabric "ib" {
  clos {
    hosts     = 6
    host_rate = "200Gb/s"
    host_ports = 1
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 6
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
