# A composite that includes another composite: include its members
# directly.
fabric "zone0" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "zone1" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "pair" {
  custom {
    include = ["zone0", "zone1"]
    link {
      a = "core0"
      b = "zone1/core0"
    }
  }
}

fabric "cluster" {
  custom {
    include = ["pair"]
  }
}
