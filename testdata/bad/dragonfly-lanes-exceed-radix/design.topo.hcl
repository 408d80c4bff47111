# 400G links on SN5600 routers take lanes of 800G ports split 2 x 400G:
# p = 64, a = 33, h = 32 need 64 + 32 + 32 = 128 lanes, all 64 ports;
# a = 34 needs 129 lanes, 65 ports.
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
