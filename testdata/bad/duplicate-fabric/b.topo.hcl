# a second file declaring the same fabric

fabric "ft" {
  fat_tree {
    k         = 6
    link_rate = "400Gb/s"
  }
}
