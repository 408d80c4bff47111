fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 0
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
    }
  }
}
