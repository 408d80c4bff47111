fabric "c" {
  custom {
    switch "a" {
      model = "QM9700"
    }
    host "h" {
      rate  = "400Gb/s"
      ports = -2
    }
    link {
      a = "a"
      b = "h"
    }
  }
}
