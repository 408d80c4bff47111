fabric "df" {
  dragonfly {
    p                     = 2
    a                     = 4
    h                     = 2
    global_links_per_pair = 0
    local_rate            = "200Gb/s"
  }
}
