# Issue 19: a server named ft2/core0 beside fat_trees ft and ft2 gave two
# nodes named ft2/core0 in ir.json.
node_group "x" {
  model = "DGX-H100"
  name  = "ft2/core0"
}

fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

fabric "ft2" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
