# A tier "rack" made fabric.f.whatif.rack fail the tier's two switches
# instead of the racks, whose sweep was gone (trial finding).
fabric "f" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 2
    }
    tier "rack" {
      model = "QM9700"
      count = 2
    }
  }
}
