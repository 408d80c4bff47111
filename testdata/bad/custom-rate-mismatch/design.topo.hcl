fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
    }
    host "h" {
      rate = "100Gb/s"
    }
    link {
      a    = "h"
      b    = "leaf"
      rate = "100Gb/s"
    }
  }
}
