switch_model "tiny" {
  radix     = 0
  port_rate = "400Gb/s"
}
