# DeepSeek's Fire-Flyer 2 (An et al., "Fire-Flyer AI-HPC: A Cost-Effective
# Software-Hardware Co-Design for Deep Learning", SC24, arXiv 2408.14158):
# PCIe A100 servers with one 200G InfiniBand NIC each, on two zones, each
# a two-layer fat-tree of 40-port QM8700 switches (20 spines, 40 leaves,
# 800 ports), joined by a few links; storage servers have one NIC in each
# zone. Section numbers below are the paper's (§III-A, §III-B, §VI-B);
# README.md says what is modelled and what is assumed.

variable "compute_per_zone" {
  type        = number
  default     = 610
  description = "GPU compute servers per zone: \"approximately 600\" (§III-B); 610 leaves 10 leaf ports a zone for the joining links."
  validation {
    condition     = var.compute_per_zone >= 1 && var.compute_per_zone <= 619
    error_message = "A zone has 800 leaf down ports, 180 of them for storage and at least one for the joining links: use 1 to 619."
  }
}

variable "cross_zone_links" {
  type        = number
  default     = 4
  description = "Links between the zones: \"a limited number of links\" (§III-B); the count is not published [assumption]."
  validation {
    condition     = var.cross_zone_links >= 1 && var.cross_zone_links <= 20
    error_message = "The joining links take free down ports of each zone's last leaf: 1 to 20 (no more than its free ports, 800 - 180 - compute_per_zone)."
  }
}

# Mellanox (NVIDIA) Quantum QM8700: 40 ports of HDR 200 Gb/s InfiniBand
# [src: §III-B, "40 ports at 200 Gbps"].
switch_model "QM8700" {
  radix     = 40
  port_rate = "200Gb/s"
  vendor    = "NVIDIA"
  protocol  = "infiniband"
}

# The PCIe A100 40GB [src: Table I, "8 * PCIe-A100-40GB"]. The NVLink
# bridge DeepSeek added between GPU pairs later (§III-A, §IV-C) is not
# modelled: no node model form takes a GPU-to-GPU bridge, and with one NIC
# per server every GPU's fabric traffic leaves through that NIC anyway.
gpu_model "A100-PCIe-40GB" {
  nvlink_links       = 0
  pcie_gen           = 4     # as the built-in A100-40GB (nodes.md §5, S22)
  pcie_width         = 16    # as the built-in A100-40GB
  compute_capability = "8.0" # SM80, as every A100
  memory             = "40GB"
}

# A Fire-Flyer 2 compute server (§III-A, Table I, Fig. 4): two 32-core AMD
# EPYC Rome/Milan CPUs; 8 PCIe A100s and one ConnectX-6 200G NIC, all
# directly on CPU root ports, no PCIe switch. The NIC's socket is not
# published [assumption: socket 0].
node_model "FireFlyer2-compute" {
  gpu  = "A100-PCIe-40GB"
  gpus = 8

  cpu {
    sockets  = 2
    vendor   = "AuthenticAMD"
    arch     = "x86_64"
    cores    = 32
    gpu_link = "pcie"
  }

  nic "compute" {
    model  = "ConnectX-6" # 1 x CX6 200 Gbps InfiniBand [src: Table I]
    count  = 1
    socket = [0]
  }
}

# A 3FS storage server (§VI-B2, Table IV): one 64-core EPYC 7742 and two
# ConnectX-6 200G NICs, "respectively connected to different zones"
# (§III-B).
node_model "FireFlyer2-storage" {
  cpu {
    sockets = 1
    model   = "EPYC 7742"
    vendor  = "AuthenticAMD"
    arch    = "x86_64"
    cores   = 64
  }
  nic "zone0" {
    model = "ConnectX-6"
    count = 1
  }
  nic "zone1" {
    model = "ConnectX-6"
    count = 1
  }
}

node_group "compute0" {
  model = "FireFlyer2-compute"
  count = var.compute_per_zone
  name  = format("zone0/node%03d", count.index)
}

node_group "compute1" {
  model = "FireFlyer2-compute"
  count = var.compute_per_zone
  name  = format("zone1/node%03d", count.index)
}

# 180 storage servers [src: §VI-B2, Table IV; §III-B says "nearly 200"].
node_group "storage" {
  model = "FireFlyer2-storage"
  count = 180
  name  = format("storage%03d", count.index)
}

# Each zone: a two-layer fat-tree of 20 spines and 40 leaves [src: §III-B],
# 20 ports of each leaf down and 20 up [derived: 40 leaves x 20 = the
# "800-port" zone, 20 spines x 40 ports = 40 leaves x 20 uplinks].
fabric "zone0" {
  clos {
    endpoints = [node_group.compute0.nics.compute, node_group.storage.nics.zone0]

    tier "leaf" {
      model = "QM8700"
      count = 40
      down  = 20
      up    = 20
    }
    tier "spine" {
      model = "QM8700"
      count = 20
      down  = 40
    }
  }
}

fabric "zone1" {
  clos {
    endpoints = [node_group.compute1.nics.compute, node_group.storage.nics.zone1]

    tier "leaf" {
      model = "QM8700"
      count = 40
      down  = 20
      up    = 20
    }
    tier "spine" {
      model = "QM8700"
      count = 20
      down  = 40
    }
  }
}

# The two zones "interconnected with a limited number of links" (§III-B).
# Where they land is not published: here, from the free down ports of
# zone0's last leaf to those of zone1's [assumption].
fabric "cluster" {
  custom {
    include = ["zone0", "zone1"]
    link {
      count = var.cross_zone_links
      a     = "leaf39"
      b     = "zone1/leaf39"
    }
  }
}
