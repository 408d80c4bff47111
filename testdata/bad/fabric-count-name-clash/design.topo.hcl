# count names the fabrics ft_0 and ft_1; a second block is labelled ft_1.
fabric "ft" {
  count = 2
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "ft_1" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
