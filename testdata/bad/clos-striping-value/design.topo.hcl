fabric "ib" {
  clos {
    hosts     = 8
    host_rate = "400Gb/s"
    unit "su" {
      nodes = 4
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = 8
      up    = 4
    }
    tier "spine" {
      model    = "QM9700"
      count    = 2
      striping = "bunched" # not a striping
    }
  }
}
