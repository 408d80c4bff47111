fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
      count = 2
    }
    host "a" {
      rate = "400Gb/s"
    }
    host "b" {
      rate = "400Gb/s"
    }
    link {
      a = "a"
      b = "leaf0"
    }
    link {
      a = "b"
      b = "leaf1"
    }
  }
}
