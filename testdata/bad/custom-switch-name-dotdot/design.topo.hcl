# A ".." part in a device name is refused (names become file names).
fabric "c" {
  custom {
    switch "../leaf" {
      model = "QM9700"
    }
    host "h" {
      rate = "400Gb/s"
    }
    link {
      a = "h"
      b = "../leaf"
    }
  }
}
