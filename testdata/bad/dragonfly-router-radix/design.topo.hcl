fabric "df" {
  dragonfly {
    p            = 16
    a            = 40
    h            = 16
    local_rate   = "200Gb/s"
    router_model = "Rosetta"
  }
}
