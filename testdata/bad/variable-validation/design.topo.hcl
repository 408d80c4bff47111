variable "k" {
  type    = number
  default = 3
  validation {
    condition     = var.k % 2 == 0
    error_message = "k must be even."
  }
}

fabric "ft" {
  fat_tree {
    k         = var.k
    link_rate = "400Gb/s"
  }
}
