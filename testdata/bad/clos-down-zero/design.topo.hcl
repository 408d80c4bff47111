# down = 0 would silently mean "radix minus up"; it is refused.
fabric "c" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "TH4-64x400G"
      count = 4
      down  = 0
      up    = 8
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 2
    }
  }
}
