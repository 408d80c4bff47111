# Issue 19: radix = 4294967297 wrapped to 1 in the IR ("cabled on 3 ports
# but has 1"); whole numbers stop at 2^31-1.
switch_model "big" {
  radix     = 4294967297
  port_rate = "400Gb/s"
}
