# Two k = 4 fat-trees joined core to core: each core's 4 ports are taken by
# its own tree, so the joining link is the one that does not fit (audit of
# issue 12: it was reported at zone z0's fat_tree and z1's).
fabric "z0" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
fabric "z1" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
fabric "cluster" {
  custom {
    include = ["z0", "z1"]
    link {
      a = "core0"
      b = "z1/core0"
    }
  }
}
