# Issue 19: two appliance "ufm" blocks gave two ufm0.
fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
    }
    appliance "ufm" {
      count = 1
      rate  = "400Gb/s"
    }
    appliance "ufm" {
      count = 1
      rate  = "400Gb/s"
    }
  }
}
