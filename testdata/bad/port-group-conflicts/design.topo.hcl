# A switch_model with port_group blocks gives each group's ports and rate
# there: a model-wide radix beside them is an error at the argument, and
# a group needs at least one port and a rate above zero.
switch_model "mixed" {
  radix = 36
  port_group "host" {
    ports = 0
    rate  = "100Gb/s"
  }
  port_group "uplink" {
    ports = 8
    rate  = "0Gb/s"
  }
}

fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "100Gb/s"
  }
}
