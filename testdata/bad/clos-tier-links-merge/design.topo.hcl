# Tiers "a_b", "a", "b_a": both tier pairs' links were of kind a_b_a.
fabric "backend" {
  clos {
    hosts     = 512
    host_rate = "400Gb/s"
    tier "a_b" {
      model = "QM9700"
    }
    tier "a" {
      model = "QM9700"
    }
    tier "b_a" {
      model = "QM9700"
    }
  }
}
