fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    unit "su" {
      nodes = 32
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
    appliance "ufm" {
      count = 2
      rate  = "400Gb/s"
      unit  = 5
    }
  }
}
