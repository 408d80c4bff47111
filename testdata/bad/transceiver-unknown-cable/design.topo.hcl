# A transceiver_model must name a cable_model that exists.
transceiver_model "QSFP-X" {
  fits         = "switch"
  cable_models = ["MMF-SR4-40G"] # no such cable model (MMF-SR4-400G exists)
  rate         = "400Gb/s"
}

fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
