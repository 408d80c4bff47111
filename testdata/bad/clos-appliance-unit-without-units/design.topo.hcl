# An appliance's unit in a fabric without unit blocks landed on unit 0
# without a word (trial finding).
fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 2
    }
    tier "spine" {
      model = "QM9700"
    }
    appliance "ufm" {
      count = 1
      unit  = 5
    }
  }
}
