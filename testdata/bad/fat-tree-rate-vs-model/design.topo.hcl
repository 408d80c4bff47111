fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "800Gb/s"
    switch_model = "QM9700"
  }
}
