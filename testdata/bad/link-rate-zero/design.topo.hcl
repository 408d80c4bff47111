fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "0Gb/s"
  }
}
