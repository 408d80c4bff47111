fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
    }
    switch "leaf" {
      model = "QM9700"
    }
  }
}
