# Two planes take the two ports of each host, one each: homing = 2 then
# has one port per rail and plane to spread over a pair of leaves, and
# every second leaf would be built with no endpoints.
fabric "fe" {
  clos {
    hosts      = 8
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2
    homing     = 2
    tier "leaf" {
      model = "QM9700"
      down  = 8
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
