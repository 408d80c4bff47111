# A port speed is a lower speed one whole port may run at: the port rate
# itself, a faster rate, or the same speed twice is an error at the list.
switch_model "X400" {
  radix     = 64
  port_rate = "400Gb/s"
  speeds    = ["200Gb/s", "800Gb/s", "200Gb/s"]
}

fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "200Gb/s"
    switch_model = "X400"
  }
}
