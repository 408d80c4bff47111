# A composite fabric that lists itself in include.
fabric "zone0" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "cluster" {
  custom {
    include = ["zone0", "cluster"]
  }
}
