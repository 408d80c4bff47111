# A link given more capacity than the rate its ports run at.
fabric "c" {
  custom {
    switch "s" {
      count = 2
      model = "QM9700"
    }
    link {
      a        = "s0"
      b        = "s1"
      capacity = "800Gb/s"
    }
  }
}
