# Issue 19: durations had no upper bound.
switch_model "s" {
  radix     = 64
  port_rate = "400Gb/s"
  latency   = "18446744073709551616s"
}
