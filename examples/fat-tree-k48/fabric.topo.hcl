# The paper's k=48 fat-tree (Al-Fares et al., SIGCOMM 2008): 27,648 hosts
# on 2,880 48-port switches, 82,944 links. The paper used 1 GbE; here the
# links run at 400 Gb/s, which changes bandwidths but no count.
fabric "ft48" {
  fat_tree {
    k         = 48
    link_rate = "400Gb/s"
  }
}
