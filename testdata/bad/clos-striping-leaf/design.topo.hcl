fabric "ib" {
  clos {
    hosts     = 8
    host_rate = "400Gb/s"
    tier "leaf" {
      model    = "QM9700"
      down     = 8
      up       = 4
      striping = "bundled" # no tier below the leaves
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
