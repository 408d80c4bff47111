# Issue 19: two tier "leaf" blocks gave two leaf0 and a cable leaf0,leaf0.
fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
    }
    tier "leaf" {
      model = "QM9700"
    }
  }
}
