# A maximum-size dragonfly of 64-port routers (HPE Slingshot "Rosetta"
# class), from parameters: p = 16 terminals, a = 32 routers per group,
# h = 17 global ports per router, so radix p + a + h - 1 = 64 and
# g = a*h + 1 = 545 groups with one global link between every pair of
# groups. See README.md for the sources and the closed forms.
fabric "df545" {
  dragonfly {
    p            = 16
    a            = 32
    h            = 17
    g            = 545 # a*h + 1, the default; written out as the design intends it
    local_rate   = "200Gb/s"
    global_rate  = "200Gb/s"
    router_model = "Rosetta" # 64 x 200 Gb/s
  }
}
