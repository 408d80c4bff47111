# A rail-only fabric (Wang et al., "How to Build Low-cost Networks for
# Large Language Models (without Sacrificing Performance)", arXiv
# 2307.12169): 64 DGX H100, NIC i of every server on rail switch i, no
# spine. Cross-rail traffic goes over NVLink inside the servers to the GPU
# on the destination's rail (NCCL's PXN). 512 GPUs on 8 switches, where
# the rail-optimized two-tier Clos of the same GPUs takes 16 leaves and 8
# spines. See README.md.

node_group "dgx" {
  model = "DGX-H100"
  count = 64
  name  = format("node%02d", count.index)
  rack {
    per_rack = 4
  }
}

fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute # NIC i goes to rail i
    server_transit = ["nvlink"]

    tier "leaf" {
      model = "QM9700" # the rail switch, 64 x 400G: one port per server
      per   = ["rail"]
      down  = 64
    }
  }
}

# Mixture-of-experts training: 64-way expert parallelism over 8 servers,
# data parallelism over all 512 GPUs; sizes are illustrative.
workload "moe" {
  gpus = node_group.dgx.gpus
  parallelism {
    expert = 64
  }

  # Token dispatch among the 64 GPUs of 8 servers: 7 of every 8 pairs
  # change rail, which they do over NVLink in the sending server.
  collective "dispatch" {
    op    = "alltoall"
    size  = "256MB"
    group = "expert"
  }

  # Gradient AllReduce over the 512 data-parallel ranks, NCCL's
  # rail-aware rings: one ring per rail across the servers.
  collective "gradients" {
    op    = "allreduce"
    size  = "2GB"
    group = "data"
  }
}

requirement "non_blocking" {
  condition     = fabric.compute.bisection.ratio >= 1
  error_message = "The rail-only fabric must be non-blocking across its servers."
}

# Resilience (docs/resilience.md): a rail switch down takes one NIC of
# every server, so all 512 GPUs are degraded and every job restarts, but
# no GPU is cut off: cross-rail traffic still finds another rail over
# NVLink.
requirement "rail_switch_loss_disconnects_none" {
  condition     = fabric.compute.whatif.leaf.ranks_disconnected == 0
  error_message = "Losing one rail switch must not cut any GPU off the fabric."
}
