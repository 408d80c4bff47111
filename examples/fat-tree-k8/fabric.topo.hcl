# A k=8 fat-tree (Al-Fares, Loukissas, Vahdat, SIGCOMM 2008): 128 hosts,
# 32 edge + 32 aggregation + 16 core switches, 384 links.
fabric "ft" {
  fat_tree {
    k         = 8
    link_rate = "400Gb/s" # per direction
  }
}
