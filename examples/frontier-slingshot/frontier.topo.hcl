# An HPE Slingshot dragonfly of Frontier's shape (OLCF, HPE Cray EX):
# 74 cabinets, each one dragonfly group of 32 Rosetta switches (64 x
# 200 Gb/s); every switch has up to 16 endpoint ports, 31 ports to the
# other switches of its group and up to 16 global ports; 4 global links
# between every two groups; 9,408 nodes of 4 Slingshot NICs, 64 nodes
# short of the 74 x 128 a full system holds (glennklockwood.com,
# "Frontier", from the Frontier user guide and HPE's Cray EX material).
# Each NIC is one terminal here; the nodes' internals are not modelled.

fabric "slingshot" {
  dragonfly {
    p                     = 16        # endpoint ports per switch [src]
    a                     = 32        # switches per group (cabinet) [src]
    h                     = 16        # global ports per switch, at most [src]
    g                     = 74        # cabinets [src]
    global_links_per_pair = 4         # "4 links to every other group" [src]
    terminals             = 9408 * 4  # 9,408 nodes x 4 NICs [src]
    local_rate            = "200Gb/s" # Rosetta ports [src: designs.md §2]
    router_model          = "Rosetta"
  }
}
