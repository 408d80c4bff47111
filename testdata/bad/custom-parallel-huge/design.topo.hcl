# One link block asking for a billion parallel links.
fabric "c" {
  custom {
    switch "a" {
      model = "QM9700"
    }
    switch "b" {
      model = "QM9700"
    }
    link {
      a        = "a"
      b        = "b"
      rate     = "400Gb/s"
      parallel = 1000000000
    }
  }
}
