# The dragonfly of Kim, Dally, Scott, Abts (ISCA 2008), p=2 a=4 h=2:
# 9 groups, 36 routers of radix 7, 72 terminals; 72 terminal + 54 local
# + 36 global = 162 links.
fabric "df" {
  dragonfly {
    p           = 2
    a           = 4
    h           = 2
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}
