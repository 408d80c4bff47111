# A switch's radix must be a whole number of cages.
switch_model "odd" {
  radix          = 63
  port_rate      = "400Gb/s"
  ports_per_cage = 2
}

fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "odd"
  }
}
