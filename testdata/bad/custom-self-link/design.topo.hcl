fabric "c" {
  custom {
    switch "a" {
      model = "QM9700"
    }
    link {
      a = "a"
      b = "a"
    }
  }
}
