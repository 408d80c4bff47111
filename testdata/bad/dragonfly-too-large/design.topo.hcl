# p = a = h = 1000: 10^6 groups of 1000 routers, 10^12 terminals.
fabric "df" {
  dragonfly {
    p          = 1000
    a          = 1000
    h          = 1000
    local_rate = "200Gb/s"
  }
}
