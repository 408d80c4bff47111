# 20,000,000 leaves (2 planes of 10^7) feed a spine tier sized from them: too large,
# reported at the leaf count, the cause, not at planes or the spine tier.
fabric "f" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    planes    = 2
    tier "leaf" {
      model = "QM9700"
      count = 10000000
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      down  = 64
    }
  }
}
