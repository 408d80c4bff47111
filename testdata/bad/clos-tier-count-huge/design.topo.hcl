# A top tier of 10^8 switches: refused by the element estimate before
# the generator allocates them.
fabric "c" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    link_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 100000000
      down  = 64
    }
  }
}
