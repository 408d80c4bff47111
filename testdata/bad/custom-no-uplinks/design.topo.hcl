fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
      tier  = "leaf"
      count = 2
    }
    switch "spine" {
      model = "QM9700"
      tier  = "spine"
    }
    host "h" {
      rate  = "400Gb/s"
      ports = 2
    }
    link {
      a = "h"
      b = "leaf0"
    }
    link {
      a = "h"
      b = "leaf1"
    }
    link {
      a = "leaf0"
      b = "spine"
    }
  }
}
