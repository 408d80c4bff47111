fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 32
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 32
      up    = 0
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
