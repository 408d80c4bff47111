fabric "backend" {
  clos {
    hosts     = 96
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 48
    }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 48
      up    = 32
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 4
    }
  }
}
