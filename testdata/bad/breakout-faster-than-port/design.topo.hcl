# Issue 11: a breakout of 8 x 200G on a 400G port would carry 1.6 Tb/s
# through one port.
switch_model "X400" {
  radix     = 64
  port_rate = "400Gb/s"
  breakouts = ["8x200Gb/s"]
}

fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
