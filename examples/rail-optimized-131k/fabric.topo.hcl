# A 131,072-GPU rail-optimized 3-tier Clos: 16,384 DGX H100 (8 GPUs, 8 x
# 400G compute NICs each) on 51.2 Tb/s switches (SN5600: 64 x 800G, each
# port split 2 x 400G, so 128 logical 400G ports). See README.md for where
# every number comes from.
#
# Closed forms for H = 131,072 endpoints and k = 128 logical ports per
# switch (non-blocking folded Clos, designs.md §1): 2H/k = 2,048 leaves,
# 2H/k = 2,048 spines, H/k = 1,024 cores, 3H = 393,216 links.

variable "nodes" {
  type        = number
  default     = 16384
  description = "DGX H100 servers; a multiple of nodes_per_su * sus_per_pod."
}

variable "nodes_per_su" {
  type        = number
  default     = 64
  description = "Servers per scalable unit: one leaf per rail per SU takes one NIC of each."
}

variable "sus_per_pod" {
  type        = number
  default     = 8
  description = "Scalable units per pod: the pod's leaves are fully meshed to its spines."
}

variable "switch_model" {
  type        = string
  default     = "SN5600"
  description = "Switch model of every tier; 64 x 800G split into 128 x 400G."
}

locals {
  rails = 8               # compute NICs per DGX H100 (nodes.md §2)
  ports = 128             # logical 400G ports per switch (64 x 800G, 2 x 400G breakout)
  half  = local.ports / 2 # 1:1 at leaf and spine: half the ports down, half up
  pods  = var.nodes / (var.nodes_per_su * var.sus_per_pod)
  # Leaves per pod = SUs per pod x rails; each sends one uplink to each spine.
  spines_per_pod = local.half
  # Every spine sends half its ports up; each core takes all its ports down.
  cores = local.pods * local.spines_per_pod * local.half / local.ports
}

# The DGX H100's ConnectX-7 cards are VPI and run InfiniBand by default
# (the built-in model says so); on Spectrum-4 Ethernet switches they run
# Ethernet. The design says which, replacing the built-in model whole
# (protocol-mismatch otherwise): the other facts are the catalogue's.
nic_model "ConnectX-7" {
  ports      = 1
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}

node_group "dgx" {
  model = "DGX-H100"
  count = var.nodes
  name  = format("su%03d/node%02d", floor(count.index / var.nodes_per_su), count.index % var.nodes_per_su)
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute # NIC i of every server on rail i
    rails     = local.rails
    link_rate = "400Gb/s"

    unit "su" {
      nodes = var.nodes_per_su
    }
    unit "pod" {
      units = var.sus_per_pod
    }

    tier "leaf" {
      model = var.switch_model
      per   = ["su", "rail"] # one leaf per rail per SU: 64 servers' NIC i
      down  = var.nodes_per_su
      up    = local.half
    }
    tier "spine" {
      model = var.switch_model
      per   = ["pod"]
      count = local.spines_per_pod
      down  = var.sus_per_pod * local.rails
      up    = local.half
    }
    tier "core" {
      model = var.switch_model
      count = local.cores
      down  = local.ports
    }
  }
}
