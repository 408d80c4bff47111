# NVIDIA DGX H100 SuperPOD compute fabric, 4 scalable units
# (NVIDIA RA-11333-001, Table 4: 127 nodes, 1,016 GPUs, 32 leaf + 16 spine
# QM9700, 1,020 node+UFM cables, 1,024 spine-leaf cables).

variable "scalable_units" {
  type        = number
  default     = 4
  description = "Scalable units of 32 DGX H100 each."
  validation {
    condition     = var.scalable_units >= 1 && var.scalable_units <= 4
    error_message = "RA-11333-001 Table 4 covers 1 to 4 scalable units."
  }
}

locals {
  nodes_per_su = 32
  # One node slot of the last SU holds the UFM appliances (RA-11333-001).
  nodes = var.scalable_units * local.nodes_per_su - 1
}

node_group "dgx" {
  model = "DGX-H100"
  count = local.nodes
  name  = format("su%d/node%02d", floor(count.index / local.nodes_per_su), count.index % local.nodes_per_su)
  rack {
    per_rack = 4
  }
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute # 8 x 400G per node; NIC i goes to rail i
    rails     = 8

    unit "su" {
      nodes = local.nodes_per_su
    }

    tier "leaf" {
      model = "QM9700"
      per   = ["su", "rail"] # one leaf per rail per scalable unit
      down  = 32
      up    = 32
    }

    tier "spine" {
      model = "QM9700"
      count = var.scalable_units == 3 ? 16 : var.scalable_units * 4
      down  = 64
    }

    appliance "ufm" {
      count = 4
      rate  = "400Gb/s"
      unit  = var.scalable_units - 1
    }
  }
}
