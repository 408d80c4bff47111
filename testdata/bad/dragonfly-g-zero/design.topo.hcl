fabric "df" {
  dragonfly {
    p          = 2
    a          = 4
    h          = 2
    g          = 0
    local_rate = "200Gb/s"
  }
}
