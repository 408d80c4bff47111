fabric "backend" {
  clos {
    hosts     = -64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
    }
  }
}
