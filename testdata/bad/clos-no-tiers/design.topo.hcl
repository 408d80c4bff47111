fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
  }
}
