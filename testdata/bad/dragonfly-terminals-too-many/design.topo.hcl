# 9 groups of 4 routers with 2 terminal ports each hold 72 terminals.
fabric "df" {
  dragonfly {
    p          = 2
    a          = 4
    h          = 2
    terminals  = 80
    local_rate = "200Gb/s"
  }
}
