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
  # RA-11333-001 Table 4: 4 spines per SU, 16 at 3 and 4 SUs.
  spines = var.scalable_units == 3 ? 16 : var.scalable_units * 4
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
      count = local.spines
      down  = 64
    }

    appliance "ufm" {
      count = 4
      rate  = "400Gb/s"
      unit  = var.scalable_units - 1
    }
  }
}

# A 70B-parameter LLM trained on every GPU: tensor parallelism 8 inside
# each DGX (NVLink), data parallelism across the 127 servers, one ring per
# rail. See README.md ("Workload") for what topoc predicts and
# docs/workloads.md for the model.
workload "llm-70b" {
  gpus = node_group.dgx.gpus

  parallelism {
    tensor = 8 # data = 1,016 / 8 = 127
  }

  # topoc derives the collectives and the compute time from the model
  # (docs/workloads.md, "Collectives from a model"):
  #   - "activations": tensor-parallel AllReduce of b·s·h = 1 × 4,096 ×
  #     8,192 × 2 bytes = 64 MiB, 4 per layer × 80 layers × 8 micro-batches
  #     = 2,560 per step (Megatron-LM);
  #   - "gradients": data-parallel AllReduce of 70e9 × 2 bytes ÷ 8 tensor
  #     ranks = 17.5 GB once per step;
  #   - compute: (6 × 70e9 + 12 × 80 × 4,096 × 8,192) FLOPs per token ×
  #     4,161,536 tokens ÷ (1,016 GPUs × 989 TFLOP/s × 0.4) = 4.68 s (the
  #     weights' 6N, Kaplan et al. 2020, and attention's 12·L·s·h,
  #     Chowdhery et al. 2022). 989 TFLOP/s is H100 SXM's
  #     dense BF16 peak (NVIDIA H100 datasheet); 40% utilization is a
  #     modelling assumption, not a measurement.
  model {
    parameters      = 70e9
    layers          = 80
    hidden          = 8192
    sequence_length = 4096
    micro_batch     = 1
    global_batch    = 8 * local.nodes # 8 micro-batches per data-parallel rank
    gpu_peak        = "989TFLOP/s"
    utilization     = 0.4
  }

  # What-ifs, each the same job with one choice changed (README.md,
  # "Levers"): the gradient AllReduce overlapped with the backward pass
  # (90%, as bucketed DDP or Megatron-LM's overlapped reduce run it),
  # gradients sent in FP8, ZeRO-3 sharding, and SHARP/NVLS reduction.
  lever "overlap" {
    overlap = 0.9
  }
  lever "fp8_gradients" {
    gradient_dtype = "fp8"
  }
  lever "zero3" {
    zero_stage = 3
  }
  lever "in_network" {
    in_network = true
  }
}

# The design's rules, checked after analysis (docs/language.md,
# "requirement"). NVIDIA's RA builds the compute fabric full bisection
# (RA-11333-001: 1:1 leaf to spine); the ring AllReduce over every GPU in
# NCCL's rail-aware order must not contend anywhere.
#
# The bisection ratio (1.036, exact) counts the NVLink and PCIe links a
# split cuts inside servers, so it can pass 1 with the fabric
# oversubscribed: "leaf_one_to_one" below proves the fabric non-blocking.
# A requirement holds only where it holds at both ends of an interval.
requirement "non_blocking" {
  condition     = fabric.compute.bisection.ratio >= 1
  error_message = "The compute fabric must be non-blocking."
}

requirement "leaf_one_to_one" {
  condition     = fabric.compute.oversubscription.end_to_end <= 1
  error_message = "No unit of the compute fabric may be oversubscribed."
}

requirement "gradients_uncongested" {
  condition     = [for c in workload.llm-70b.collectives : c.congestion_factor if c.name == "gradients"][0] <= 1
  error_message = "The gradient AllReduce contends on the fabric."
}

# Resilience (docs/resilience.md): the worst single spine loss. Each of
# the 16 spines takes 1/16 of every leaf's uplinks, so the proven residual
# bisection is at least 204 − 12.8 = 191.2 Tb/s (ratio 0.94). The spines
# are twins, so `check` evaluates one loss for all sixteen.
requirement "survives_any_spine" {
  condition     = fabric.compute.whatif.spine.bisection.ratio >= 0.9
  error_message = "Losing any one spine must keep 90% of the compute fabric's bisection."
}

# The same loss takes 1/S of each leaf's 32 uplinks (S spines; 2 of 32 at
# 16 spines): the leaves run at S ÷ (S − 1), 32 ÷ 30 = 1.067:1 at 4 SUs,
# until the spine is back (0.001 of slack for the ratios' rounding).
requirement "spine_loss_leaf_oversubscription" {
  condition     = fabric.compute.whatif.spine.oversubscription.leaf <= local.spines / (local.spines - 1) + 0.001
  error_message = "Losing any one spine must cost each leaf no more than that spine's share of its uplinks."
}

# Cables between leaves and spines fail on their own: a policy that keeps
# each of the 1,024 down with probability 0.5% (a modelling assumption,
# about 5 at a time, not a measured rate). 99% of 500 seeded draws keep at
# least 95% of the bisection.
failure_policy "leaf_spine_cables" {
  iterations = 500
  rule {
    class       = "leaf_spine"
    select      = "random"
    probability = 0.005
  }
}

requirement "cables_p99" {
  condition     = fabric.compute.whatif.leaf_spine_cables.p99.bisection.ratio >= 0.95
  error_message = "In 1% of cable-failure draws the compute fabric keeps less than 95% of its bisection."
}
