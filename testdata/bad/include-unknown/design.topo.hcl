# include names a fabric declared after the composite (or not at all).
fabric "cluster" {
  custom {
    include = ["zone0", "zone1"]
  }
}

fabric "zone0" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
