# A dragonfly of fewer groups than a·h + 1 = 33: five groups of 8 routers,
# 8 global links between every two groups, each router's 4 global links
# to 4 different groups (the circulant arrangement). The count-based
# bounds read 48–64 links; read with the arrangement the bisection is 64
# links, 12.8 Tb/s (docs/analyzers.md, dragonfly_pairs.go).
fabric "df" {
  dragonfly {
    p           = 4
    a           = 8
    h           = 4
    g           = 5
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}
