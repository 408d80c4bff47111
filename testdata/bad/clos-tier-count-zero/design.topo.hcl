# count = 0 built the default (one spine) without a word (trial finding).
fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 0
    }
  }
}
