fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
    radix     = 4
  }
}
