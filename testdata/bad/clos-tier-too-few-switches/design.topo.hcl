# 4 leaves of 32 uplinks (128 links) on one 64-port spine: no down the
# model allows takes them, so the error is at count, the number to raise.
fabric "backend" {
  clos {
    hosts     = 128
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 1
    }
  }
}
