# One scalable unit of the NVIDIA DGX GB200 SuperPOD: 8 GB200 NVL72 racks,
# 576 GPUs (DGX GB200 RA; docs/reference/designs.md §3-§4, nodes.md §4),
# written with one node group, one block of NVLink domains (one per rack,
# by count), one compute fabric and one training job over every rack.

variable "racks" {
  description = "GB200 NVL72 racks in the SU (8 in the RA)"
  default     = 8
}

# 18 compute trays per rack, 4 Blackwell GPUs and 4 x 400G ConnectX-7
# each, named by rack so that each rack's NVLink domain can pick them.
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 18 * var.racks
  name  = format("rack%d/tray%02d", floor(count.index / 18), count.index % 18)
}

# One NVLink domain per rack: 18 NVSwitch chips, one NVLink5 link from
# every GPU to every chip at 50 GB/s per direction (1.8 TB/s per GPU
# bidirectional). count makes nvl72-0 … nvl72-7.
fabric "nvl72" {
  count = var.racks
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    servers       = "rack${count.index}/*"
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}

# Compute fabric: the 576 x 400G NICs of the SU on 64-port NDR leaves at
# 32 down and 32 up (18 leaves, 576 leaf-spine links, as designs.md §3
# derives: the RA publishes no per-SU leaf or spine counts). Spines: the
# fewest that take 576 uplinks, 9 of 64 down ports, stripe a leaf's 32
# uplinks 3 or 4 to a spine, and topoc proves that blocking (0.875-0.931);
# 16 spines take 2 from every leaf (36 down ports each) and are
# non-blocking (a modelling choice; see the README).
fabric "compute" {
  clos {
    endpoints = node_group.tray.nics.compute

    tier "leaf" {
      model = "QM9700"
      count = 18 * var.racks / 8
      down  = 32
      up    = 32
    }

    tier "spine" {
      model = "QM9700"
      count = 16 * var.racks / 8
    }
  }
}

# One job over every GPU of the SU: tensor parallelism inside each
# NVLink domain (72), data parallelism across the racks over the compute
# fabric. Sizes are illustrative (a modelling assumption), not a measured
# job.
workload "train" {
  gpus = node_group.tray.gpus

  parallelism {
    tensor = 72
  }

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

# The racks' domains are built alike (check shows them as one line of 8
# fabrics with the same results); a requirement names one by its name.
requirement "nvlink_nonblocking" {
  condition     = fabric.nvl72-0.bisection.ratio >= 1
  error_message = "Rack 0's NVLink domain must be non-blocking."
}

requirement "compute_nonblocking" {
  condition     = fabric.compute.bisection.ratio >= 1
  error_message = "The compute fabric must give full bisection."
}
