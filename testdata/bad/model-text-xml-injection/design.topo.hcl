# Issue 19 attack: a vendor string with a quote wrote a second arch
# attribute into NCCL topology XML, and a NIC name with '<' and escape
# sequences an extra element; both passed check and build.
node_model "x" {
  gpus = 0
  cpu {
    sockets = 1
    vendor  = "GenuineIntel\" arch=\"arm64"
  }
}

switch_model "s" {
  radix     = 64
  port_rate = "400Gb/s"
  vendor    = "ACME<x>\u001b]0;t\u0007"
}
