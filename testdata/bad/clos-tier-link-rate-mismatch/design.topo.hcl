# The spine tier's links at 800G, which neither QM9700's ports nor its
# breakouts run: one rate-mismatch, at the link_rate that set it,
# counting the tier's links.
fabric "backend" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      down  = 32
      up    = 32
    }
    tier "spine" {
      model     = "QM9700"
      count     = 32
      link_rate = "800Gb/s"
    }
  }
}
