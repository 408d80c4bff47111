# Issue 19 attack: 10,000,000 leaves for 2 hosts ran out of memory; the
# size estimate weighs switches.
fabric "f" {
  clos {
    hosts     = 2
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 10000000
      down  = 2
    }
  }
}
