# A tier "node" under a tier "leaf" gave its uplinks the kind node_leaf,
# which congestion reads as the hosts' own links (trial finding).
fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "node" {
      model = "QM9700"
    }
    tier "leaf" {
      model = "QM9700"
    }
  }
}
