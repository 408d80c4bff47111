cable_model "DAC-my" {
  media    = "copper"
  kind     = "passive_dac"
  reach    = "3m"
  max_rate = "400Gb/s"
  lengths  = ["1m", "3m", "2m"]
}

fabric "f" {
  clos {
    hosts     = 4
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 1
      down  = 4
    }
  }
}
