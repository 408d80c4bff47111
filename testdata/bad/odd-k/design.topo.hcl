fabric "ft" {
  fat_tree {
    k         = 5
    link_rate = "400Gb/s"
  }
}
