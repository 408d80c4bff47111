# 400G links on SN5600 routers take lanes of 800G ports split 2 x 400G:
# p = 64, a = 33, h = 32 need 32 + 16 + 16 = 64 ports with a whole
# 32-lane run each; a = 34 needs 33 local links, 17 ports, 65 in all.
fabric "df" {
  dragonfly {
    p            = 64
    a            = 34
    h            = 32
    g            = 2
    local_rate   = "400Gb/s"
    router_model = "SN5600"
  }
}
