locals {
  a = local.b + 1
  b = local.a * 2
}

fabric "ft" {
  fat_tree {
    k         = local.a
    link_rate = "400Gb/s"
  }
}
