fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
    }
    host "h" {
      count = 65
      rate  = "400Gb/s"
    }
    link {
      count = 65
      a     = format("h%02d", count.index)
      b     = "leaf"
    }
  }
}
