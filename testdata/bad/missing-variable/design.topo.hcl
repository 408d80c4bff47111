variable "k" {
  type = number
}

fabric "ft" {
  fat_tree {
    k         = var.k
    link_rate = "400Gb/s"
  }
}
