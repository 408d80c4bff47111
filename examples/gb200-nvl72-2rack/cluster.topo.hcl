# Two GB200 NVL72 racks as one cluster: two NVLink domains of 72 GPUs, one
# rail-optimized scale-out fabric over the 4 x 400G ConnectX-7 of all 36
# compute trays, and one training job across both racks (NVIDIA DGX GB200
# RA; docs/reference/designs.md §3-§4, nodes.md §4). Each rack is its own
# node group, so its trays form their own NVLink domain.

node_group "rack0" {
  model = "GB200-NVL72-compute-tray"
  count = 18
  name  = format("rack0/tray%02d", count.index)
}

node_group "rack1" {
  model = "GB200-NVL72-compute-tray"
  count = 18
  name  = format("rack1/tray%02d", count.index)
}

# One NVLink domain per rack: 18 NVSwitch chips, one NVLink5 link from
# every GPU to every chip at 50 GB/s per direction.
fabric "nvl72_rack0" {
  nvlink_domain {
    gpu_nodes     = node_group.rack0.gpus
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}

fabric "nvl72_rack1" {
  nvlink_domain {
    gpu_nodes     = node_group.rack1.gpus
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}

# Scale-out: NIC i of every tray on rail i, one leaf per rail per rack
# (18 trays down, 18 up: 1:1), 3 spines. The RA does not publish leaf and
# spine counts below an SU; these follow its port arithmetic (designs.md
# §3: 64-port NDR leaves at 1:1).
fabric "scale_out" {
  clos {
    endpoints = [node_group.rack0.nics.compute, node_group.rack1.nics.compute]
    rails     = 4

    unit "rack" {
      nodes = 18
    }

    tier "leaf" {
      model = "QM9700"
      per   = ["rack", "rail"]
      down  = 18
      up    = 18
    }

    tier "spine" {
      model = "QM9700"
      count = 3
      down  = 48
    }
  }
}

# One job over all 144 GPUs: tensor parallelism inside each NVLink domain,
# data parallelism across the two racks over the scale-out fabric. Sizes
# are illustrative (a modelling assumption), not a measured job.
workload "train" {
  gpus = [node_group.rack0.gpus, node_group.rack1.gpus]

  parallelism {
    tensor = 72
  }

  # Quantum InfiniBand spreads a flow over the spines with adaptive
  # routing; static ECMP would hash the 72 rings onto few spine links.
  collective "gradients" {
    op      = "allreduce"
    size    = "4GiB"
    group   = "data"
    routing = "ideal"
  }

  collective "activations" {
    op    = "allreduce"
    size  = "256MiB"
    group = "tensor"
  }
}

# Resilience (docs/resilience.md): a rack's power or cooling failure takes
# its 72 GPUs and no more; the network rack's failure strands the trays'
# NICs on their rail leaves. `topoc whatif examples/gb200-nvl72-2rack
# --sweep rack --all` lists each rack's effect.
requirement "rack_blast_radius" {
  condition     = fabric.scale_out.whatif.rack.ranks_disconnected <= 72
  error_message = "No single rack may take more than 72 GPUs off the scale-out fabric."
}
