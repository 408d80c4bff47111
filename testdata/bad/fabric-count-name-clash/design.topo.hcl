# count names the fabrics ft-0 and ft-1; a second block is labelled ft-1.
fabric "ft" {
  count = 2
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "ft-1" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
