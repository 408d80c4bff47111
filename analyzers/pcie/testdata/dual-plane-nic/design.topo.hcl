# Alibaba HPN's host (examples/alibaba-hpn) with its dual-port NIC at
# 2 x 400G instead of 2 x 200G: each port fits the Gen5 x16 host link
# (504 Gb/s), but the dual-plane fabric sends on both ports at once, 800
# Gb/s, which the link cannot carry. The warning points at the
# node_model block.
nic_model "dual-400G" {
  ports      = 2
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}

node_model "dual-plane-host" { # want "nic-pcie-bottleneck"
  base = "HGX-H100"
  nic "compute" {
    model = "dual-400G"
    count = 8
  }
}

node_group "host" {
  model = "dual-plane-host"
  count = 4
}

fabric "backend" {
  clos {
    endpoints = node_group.host.nics.compute
    planes    = 2 # port p of every NIC in plane p
    tier "tor" {
      model = "SN5600"
      per   = ["rail", "plane"]
      down  = 4
      up    = 4
    }
    tier "agg" {
      model = "SN5600"
      per   = ["plane"]
      count = 4
      down  = 8
    }
  }
}
