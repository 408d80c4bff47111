switch_model "my-switch" {
  radix     = 64
  port_rate = "800Gb/s"
  breakouts = ["2by400Gb/s"]
}
