# NVIDIA DGX B200 SuperPOD, 16 scalable units, 3-tier compute fabric
# (B200 RA, dgx-superpod-architecture table: 512 nodes, 4,096 GPUs,
# 128 leaf + 128 spine + 64 core, 4,096 cables at each tier). These equal
# the radix-64 folded-Clos closed forms 2H/k, 2H/k, H/k for H = 4,096.
#
# The RA gives counts, not the wiring. Modelled here: spines grouped per
# pod of 4 SUs (32 leaves fully meshed to 32 spines, as in a k=64
# fat-tree pod), cores shared by all pods.
node_group "dgx" {
  model = "DGX-B200"
  count = 512
  name  = format("su%02d/node%02d", floor(count.index / 32), count.index % 32)
  rack {
    per_rack = 4
  }
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 8

    unit "su" {
      nodes = 32
    }
    unit "pod" {
      units = 4
    }

    tier "leaf" {
      model = "QM9700"
      per   = ["su", "rail"]
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      per   = ["pod"]
      count = 32
      down  = 32
      up    = 32
    }
    tier "core" {
      model = "QM9700"
      count = 64
      down  = 64
    }
  }
}
