# Alibaba HPN (Qian et al., "Alibaba HPN: A Data Center Network for Large
# Language Model Training", SIGCOMM 2024): one pod of 15,360 GPUs in 15
# segments of 128 eight-GPU hosts. Every GPU has a NIC with two 200G
# ports; port 0 goes to its rail's ToR in plane 0, port 1 to the one in
# plane 1 (non-stacked dual-ToR over two planes). Each ToR, a 51.2 Tb/s
# single-chip switch, takes 128 x 200G down and 60 x 400G up, one link to
# each aggregation switch of its plane. Numbers from Alibaba's own SimAI
# topology generator, template AlibabaHPN with --dp [primary-artifact]:
# see README.md for the parameters and what is assumed.

variable "segments" {
  type        = number
  default     = 15
  description = "Segments of 128 hosts (1,024 GPUs); SimAI's AlibabaHPN template has 15 (gpu = 15,360)."
  validation {
    condition     = var.segments >= 1 && var.segments <= 15
    error_message = "Use 1 to 15 segments: an aggregation switch has 120 of its 128 400G lanes for the ToRs of its plane (asw_per_psw = 120)."
  }
}

# The NIC of each GPU: two 200G Ethernet ports (SimAI bandwidth =
# "200Gbps" per ToR link, two ToR links per GPU). Its make and PCIe link
# are not in the template [assumption: a PCIe Gen5 x16 card].
nic_model "HPN-2x200G" {
  ports      = 2
  port_rate  = "200Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}

# An HGX H100 host (SimAI's default gpu_type H100, 8 GPUs per server)
# with one 2 x 200G NIC per GPU in place of the catalogue's ConnectX-7.
node_model "hpn-host" {
  base = "HGX-H100"
  nic "compute" {
    model = "HPN-2x200G"
    count = 8
    # [assumption]: each NIC sits where HGX-H100's ConnectX-7 does (the
    # template gives no bus ids); the block replaces the base's whole, so
    # it states them again (nic-pci-dropped otherwise).
    pci {
      bus_ids = ["0000:0c:00.0", "0000:2a:00.0", "0000:41:00.0", "0000:58:00.0", "0000:86:00.0", "0000:a5:00.0", "0000:bd:00.0", "0000:d5:00.0"]
    }
  }
}

node_group "host" {
  model = "hpn-host"
  count = var.segments * 128
  name  = format("seg%02d/host%03d", floor(count.index / 128), count.index % 128)
}

fabric "backend" {
  clos {
    endpoints = node_group.host.nics.compute
    planes    = 2 # port p of every NIC in plane p (SimAI --dp)

    unit "segment" {
      nodes = 128 # nics_per_aswitch = 128
    }

    # 16 ToRs a segment: one per rail and plane. 128 x 200G down on 32
    # ports split 4 x 200G, 60 x 400G up on 30 ports split 2 x 400G.
    tier "tor" {
      model = "TH5-64x800G"
      per   = ["segment", "rail", "plane"]
      down  = 128
      up    = 60
    }

    # 60 aggregation switches a plane (psw_switch_num = 120 over two
    # planes), each with one 400G link (ap_bandwidth) to every ToR of its
    # plane.
    tier "agg" {
      model     = "TH5-64x800G"
      per       = ["plane"]
      count     = 60
      down      = var.segments * 8
      link_rate = "400Gb/s"
    }
  }
}

# What the design promises. Each ToR has 128 x 200G down and 60 x 400G
# up, 16:15; every other level is fatter, so end to end is the ToR's.
requirement "tor_16_to_15" {
  condition     = fabric.backend.oversubscription.end_to_end <= 1.0667 # 16:15
  error_message = "A ToR must carry at least 15/16 of its hosts' 200G ports upward (60 x 400G for 128 x 200G)."
}

# Every balanced split carries at least half the injection times 15/16
# (the hose bound); with 15 segments a half splits one segment, whose
# ToRs then cut host links too, so the bisection is a little above it
# (2.8928 Pb/s, proven exact by the server-cluster bound).
requirement "bisection_15_16" {
  condition     = fabric.backend.bisection.lower_bound_ratio >= 0.9375 # 15/16
  error_message = "Every balanced split must carry 15/16 of half the hosts' injection."
}

# Data-parallel traffic over both planes: tensor parallel inside each
# host, so each data-parallel group is one rail's 1,920 GPUs (one a
# host). Each GPU's NIC spreads its queue pairs over its two 200G ports,
# one in each plane, as NCCL does with a dual-port NIC; a ring AllReduce
# and an MoE-style AllToAll of 1 GB each then load every port at exactly
# 200 Gb/s. The sizes are illustrative, not from the paper.
workload "dp" {
  gpus = node_group.host.gpus
  parallelism {
    tensor = 8
  }
  collective "gradients" {
    op    = "allreduce"
    size  = "1GB"
    group = "data"
  }
  collective "experts" {
    op    = "alltoall"
    size  = "1GB"
    group = "data"
  }
}
