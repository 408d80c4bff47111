fabric "c" {
  custom {
    switch "leaf" {
      model    = "QM9700"
      count    = 2
      for_each = toset(["a", "b"])
    }
  }
}
