# Issue 11: 128 TH4 leaves (32 down, 32 up) over the default 64 spines.
# Each leaf reaches 32 of the 64 spines and some same-rail pairs
# (su00/leaf0, su08/leaf0) none in common: under up/down routing they have
# no path, however connected the graph is. The requirement cannot pass on
# the upper bound of the bisection.
node_group "hgx" {
  model = "HGX-H100"
  count = 512
  name  = format("su%02d/node%02d", floor(count.index / 32), count.index % 32)
}
fabric "backend" {
  clos {
    endpoints = node_group.hgx.nics.compute
    rails     = 8
    unit "su" { nodes = 32 }
    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["su", "rail"]
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "TH4-64x400G"
    }
  }
}
requirement "nb" {
  condition     = fabric.backend.bisection.ratio >= 0.9
  error_message = "blocking"
}
# A RoCE fabric: the ConnectX-7 cards run Ethernet (else protocol-mismatch).
nic_model "ConnectX-7" {
  ports      = 1
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}
