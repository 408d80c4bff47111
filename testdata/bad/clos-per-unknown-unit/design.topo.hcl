fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 32
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rak"]
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
