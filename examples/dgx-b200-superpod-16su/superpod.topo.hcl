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

# Llama 3 70B (80 layers, hidden 8,192, 64 attention and 8 key-value
# heads: Llama 3, arXiv 2407.21783, Table 3) trained with FSDP over the
# whole SuperPOD: 8 tensor ranks in each DGX, 512 data ranks, ZeRO-3
# (parameters gathered before each forward and backward pass, gradients
# reduce-scattered), one 8K-token sequence per rank per step. The
# parallel layout and batch are assumptions. The data-parallel rings run
# one per rail, so the 17.5 GB shards of 70e9 ÷ 8 bf16 weights cross the
# fabric at the NICs' 400 Gb/s with nothing above the leaves busier:
# congestion 1.0, 511/512 × 17.5 GB ÷ 400 Gb/s = 349 ms each.
workload "llama3_70b_fsdp" {
  gpus = node_group.dgx.gpus

  parallelism {
    tensor = 8 # data = 4,096 / 8 = 512
  }

  model {
    parameters      = 70e9
    layers          = 80
    hidden          = 8192
    attention_heads = 64
    kv_heads        = 8
    sequence_length = 8192
    micro_batch     = 1
    global_batch    = 512
    zero_stage      = 3
  }
}
