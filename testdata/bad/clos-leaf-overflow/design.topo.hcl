fabric "backend" {
  clos {
    hosts     = 140
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 70
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      up    = 16
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 4
    }
  }
}
