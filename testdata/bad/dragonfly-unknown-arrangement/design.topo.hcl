fabric "df" {
  dragonfly {
    p                  = 2
    a                  = 4
    h                  = 2
    g                  = 5
    local_rate         = "200Gb/s"
    global_arrangement = "random"
  }
}
