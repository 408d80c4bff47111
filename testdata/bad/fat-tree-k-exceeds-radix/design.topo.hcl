fabric "ft" {
  fat_tree {
    k            = 66
    link_rate    = "400Gb/s"
    switch_model = "QM9700"
  }
}
