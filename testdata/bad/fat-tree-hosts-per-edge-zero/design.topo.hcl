# hosts_per_edge below 1.
fabric "ft" {
  fat_tree {
    k              = 4
    link_rate      = "400Gb/s"
    hosts_per_edge = 0
  }
}
