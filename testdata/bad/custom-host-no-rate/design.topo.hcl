fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
    }
    host "h" {
      ports = 1
    }
  }
}
