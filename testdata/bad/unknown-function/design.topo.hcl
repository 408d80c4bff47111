fabric "ft" {
  fat_tree {
    k         = double(2)
    link_rate = "400Gb/s"
  }
}
