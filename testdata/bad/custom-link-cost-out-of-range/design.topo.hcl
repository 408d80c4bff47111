# A link cost outside 1–65,535 (an OSPF interface cost's range).
fabric "c" {
  custom {
    switch "s" {
      count = 2
      model = "SN5600"
    }
    link {
      a    = "s0"
      b    = "s1"
      cost = 70000
    }
  }
}
