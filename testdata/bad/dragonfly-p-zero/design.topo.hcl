fabric "df" {
  dragonfly {
    p          = 0
    a          = 4
    h          = 2
    local_rate = "200Gb/s"
  }
}
