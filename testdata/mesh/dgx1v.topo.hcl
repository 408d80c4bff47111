# DGX-1 with Tesla V100: eight GPUs in a hybrid cube-mesh with no NVSwitch.
# Each V100 has six NVLink 2 links at 25 GB/s per direction; GPUs 0-3 and
# 4-7 are fully connected quads and GPU i links to GPU i+4 (NVIDIA, "DGX-1
# with Tesla V100 System Architecture", WP-08437-002, 2017). The link
# counts per pair are those of a DGX-1V NCCL topology dump (NVIDIA/nccl
# issue #671): GPU0 has one link to GPUs 1 and 2 and two to GPUs 3 and 4.
# Four PCIe switches carry two GPUs and one 100G EDR NIC each; the two
# 20-core Xeon E5-2698 v4 sockets (family 6, model 79, as the same dump
# writes them) hold CPUs 0-19,40-59 and 20-39,60-79.

# The V100's PCIe Gen3 x16 host link and compute capability 7.0 are
# NVIDIA's (Tesla V100 datasheet; CUDA's table of compute capabilities);
# the ConnectX-4 is 100 Gb/s EDR on Gen3 x16, and the SB7800 a 36-port EDR
# switch (NVIDIA's product briefs). The inter-socket rate is an
# assumption of this test design (two QPI links, 9.6 GT/s each).
gpu_model "V100" {
  nvlink_links       = 6
  nvlink_rate        = "25GB/s"
  pcie_gen           = 3
  pcie_width         = 16
  compute_capability = "7.0"
}

nic_model "ConnectX-4" {
  protocol   = "infiniband"
  ports      = 1
  port_rate  = "100Gb/s"
  pcie_gen   = 3
  pcie_width = 16
}

switch_model "SB7800" {
  radix     = 36
  port_rate = "100Gb/s" # EDR InfiniBand
}

variable "pairs" {
  # [a, b, links]: the sixteen linked pairs of the cube-mesh, 24 links.
  default = [
    [0, 1, 1], [0, 2, 1], [0, 3, 2], [0, 4, 2],
    [1, 2, 2], [1, 3, 1], [1, 5, 2],
    [2, 3, 2], [2, 6, 1],
    [3, 7, 1],
    [4, 5, 1], [4, 6, 1], [4, 7, 2],
    [5, 6, 2], [5, 7, 1],
    [6, 7, 2],
  ]
}

node_model "DGX-1V" {
  gpu  = "V100"
  gpus = 8

  cpu {
    sockets           = 2
    model             = "Xeon E5-2698 v4"
    vendor            = "GenuineIntel"
    arch              = "x86_64"
    family            = 6
    model_id          = 79
    inter_socket_rate = "19.2GB/s"
    numa {
      id     = 0
      socket = 0
      cpus   = "0-19,40-59"
    }
    numa {
      id     = 1
      socket = 1
      cpus   = "20-39,60-79"
    }
  }

  nic "compute" {
    model = "ConnectX-4"
    count = 4
  }

  pcie_switch {
    count  = 4
    socket = floor(count.index / 2)
    gpus   = [2 * count.index, 2 * count.index + 1]
    nics   = ["compute[${count.index}]"]
    gen    = 3
    width  = 16
  }

  nvlink_peer {
    count = length(var.pairs)
    gpus  = slice(var.pairs[count.index], 0, 2)
    links = var.pairs[count.index][2]
  }
}

node_group "dgx" {
  model = "DGX-1V"
  count = 8
}

fabric "ib" {
  clos {
    endpoints = node_group.dgx.nics.compute
    tier "leaf" {
      model = "SB7800"
      count = 2
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "SB7800"
      count = 2
    }
  }
}

workload "train" {
  gpus = node_group.dgx.gpus
  collective "grads" {
    op        = "allreduce"
    algorithm = "ring"
    size      = "1GB"
  }
}
