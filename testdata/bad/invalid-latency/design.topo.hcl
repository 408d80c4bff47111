switch_model "my-switch" {
  radix     = 64
  port_rate = "800Gb/s"
  latency   = "350 nanoseconds"
}
