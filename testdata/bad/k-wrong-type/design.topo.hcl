fabric "ft" {
  fat_tree {
    k         = "four"
    link_rate = "400Gb/s"
  }
}
