fabric "ft" {
  fat_tree {
    k = 4
  }
}
