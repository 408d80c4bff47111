fabric "backend" {
  clos {
    hosts     = 32
    host_rate = "800Gb/s"
    tier "leaf" {
      model = "QM9700"
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
