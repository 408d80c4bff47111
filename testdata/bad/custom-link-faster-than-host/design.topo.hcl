fabric "c" {
  custom {
    switch "s" {
      model = "QM9700"
    }
    host "h" {
      rate = "400Gb/s"
    }
    link {
      a    = "h"
      b    = "s"
      rate = "800Gb/s"
    }
  }
}
