locals {
  spines = local.spines + 1
}

fabric "ft" {
  fat_tree {
    k         = local.spines
    link_rate = "400Gb/s"
  }
}
