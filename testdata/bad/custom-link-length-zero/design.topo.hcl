# A link's stated length must be above 0.
fabric "f" {
  custom {
    switch "s" {
      count = 2
      model = "QM9700"
    }
    link {
      a      = "s0"
      b      = "s1"
      length = "0m"
    }
  }
}
