# A protocol outside the list is refused, with the nearest one named.
switch_model "s" {
  radix     = 64
  port_rate = "400Gb/s"
  protocol  = "infiniban"
}
