fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
  dragonfly {
    p          = 2
    a          = 4
    h          = 2
    local_rate = "200Gb/s"
  }
}
