# A custom switch name template that gives both instances one name.
fabric "c" {
  custom {
    switch "leaf" {
      count = 4
      name  = format("pod%d/leaf%d", floor(count.index / 2), count.index % 2)
      model = "SN5600"
      tier  = "leaf"
    }
    switch "spine" {
      count = 2
      name  = "spine"
      model = "SN5600"
      tier  = "spine"
    }
    host "h" {
      count = 8
      name  = format("pod%d/host%02d", floor(count.index / 4), count.index)
      rate  = "400Gb/s"
    }
    link {
      count = 8
      a     = format("pod%d/host%02d", floor(count.index / 4), count.index)
      b     = format("pod%d/leaf%d", floor(count.index / 4), floor(count.index / 2) % 2)
    }
    link {
      count = 8
      a     = format("pod%d/leaf%d", floor(count.index / 4), floor(count.index / 2) % 2)
      b     = "spine-${count.index % 2}"
    }
  }
}
