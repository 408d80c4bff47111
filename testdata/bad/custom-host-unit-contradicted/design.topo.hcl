# h1 says pod 1, but it is cabled to leaf0, which is pod 0's.
fabric "f" {
  custom {
    switch "spine" {
      model = "QM9700"
    }
    switch "leaf" {
      count = 2
      model = "QM9700"
      pod   = count.index
    }
    host "h" {
      count = 4
      rate  = "400Gb/s"
      pod   = count.index == 1 ? 1 : floor(count.index / 2)
    }
    link {
      count = 4
      a     = "h${count.index}"
      b     = "leaf${floor(count.index / 2)}"
    }
    link {
      count = 2
      a     = "leaf${count.index}"
      b     = "spine"
    }
  }
}
