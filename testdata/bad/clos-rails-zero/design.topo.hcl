fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    rails     = 0
    tier "leaf" {
      model = "QM9700"
    }
  }
}
