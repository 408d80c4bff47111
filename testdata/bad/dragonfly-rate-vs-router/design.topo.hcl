fabric "df" {
  dragonfly {
    p            = 2
    a            = 4
    h            = 2
    local_rate   = "800Gb/s"
    router_model = "Rosetta"
  }
}
