# The dragonfly of Kim, Dally, Scott, Abts (ISCA 2008), p=2 a=4 h=2:
# 9 groups, 36 routers of radix 7, 72 terminals; 72 terminal + 54 local
# + 36 global = 162 links.
fabric "df" {
  dragonfly {
    p           = 2
    a           = 4
    h           = 2
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}

# An expert-parallel token dispatch among all 72 hosts: each sends 1 MB
# to every host (72 MB a rank, nccl-tests' AllToAll size; the size is an
# assumption). Under minimal routing every terminal link runs exactly
# full (congestion 1.0), a local link carries 68 of a terminal's 71
# flows' worth and a global link 64: the dragonfly delivers a uniform
# AllToAll at the hosts' line rate (Kim et al., ISCA 2008, §4).
workload "moe" {
  gpus = fabric.df.endpoints

  parallelism {
    expert = 72
  }

  collective "dispatch" {
    op    = "alltoall"
    size  = "72MB"
    group = "expert"
  }
}
