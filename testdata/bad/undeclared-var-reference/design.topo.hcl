fabric "ft" {
  fat_tree {
    k         = var.radix
    link_rate = "400Gb/s"
  }
}
