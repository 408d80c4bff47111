fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
    }
    host "h" {
      rate = "400Gb/s"
    }
    link {
      a = "h"
      b = "leaf1"
    }
  }
}
