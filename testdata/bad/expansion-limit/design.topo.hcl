fabric "huge" {
  fat_tree {
    k         = 2000
    link_rate = "400Gb/s"
  }
}
