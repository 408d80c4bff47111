# 3 links to each of 5 other groups need 15 global ports; a group has a·h = 8.
fabric "df" {
  dragonfly {
    p                     = 2
    a                     = 4
    h                     = 2
    g                     = 6
    global_links_per_pair = 3
    local_rate            = "200Gb/s"
  }
}
