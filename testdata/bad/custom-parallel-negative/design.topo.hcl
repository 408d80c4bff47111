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
      parallel = -3
    }
  }
}
