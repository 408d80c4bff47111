# k = 130 at 400G on SN5600s: 400G is a lane of its 800G ports split
# 2 x 400G, so each side's 65 links take 33 ports, 66 of the 64.
fabric "ft" {
  fat_tree {
    k            = 130
    link_rate    = "400Gb/s"
    switch_model = "SN5600"
  }
}
