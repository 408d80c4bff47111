# DeepSeek-V3's multi-plane fat-tree (MPFT): 2,048 servers of 8 H800 GPUs
# and 8 x 400G InfiniBand NICs, GPU-NIC pair i in plane i, each plane a
# two-tier fat-tree of 64-port 400G switches; 16,384 GPUs on 768 switches
# (DeepSeek-AI, "Insights into DeepSeek-V3", ISCA 2025, arXiv 2505.09343,
# §5.1 and Table 3). The planes meet only inside the servers, over NVLink.
# See README.md for the sources and what topoc reports.

variable "servers" {
  type        = number
  default     = 2048
  description = "8-GPU servers; 2,048 fill every plane's 64 leaves."
  validation {
    # Whole leaves of 32 servers, and data-parallel groups (GPUs / 16
    # pipeline stages) that the 64-way expert groups divide.
    condition     = var.servers >= 128 && var.servers <= 2048 && var.servers % 128 == 0
    error_message = "Use a multiple of 128 servers, up to the 2,048 a 64-port two-tier plane holds: whole leaves of 32, and 64-way expert groups that divide the data-parallel groups."
  }
}

# H800 SXM: the export variant of H100 with NVLink cut to 400 GB/s
# bidirectional (NVIDIA H800 product brief), i.e. 8 NVLink4 links of
# 50 GB/s bidirectional [derived: 400 / 50]. Everything else as H100.
gpu_model "H800" {
  nvlink_links       = 8
  nvlink_rate        = "25GB/s" # per direction per link
  pcie_gen           = 5
  pcie_width         = 16
  compute_capability = "9.0"
  memory             = "80GB"
}

# An HGX H800 server: the HGX H100 board (4 NVSwitches, one PCIe switch per
# GPU-NIC pair) with H800 GPUs, 2 NVLinks to each NVSwitch [derived: 8 links
# over 4 switches], and the 8 x 400G ConnectX-7 NICs of arXiv 2505.09343
# §5.1. Bus ids are left to NCCL.
node_model "HGX-H800" {
  gpu               = "H800"
  gpus              = 8
  nvswitches        = 4
  nvlink_per_switch = [2, 2, 2, 2]

  cpu {
    sockets           = 2
    numa_per_socket   = 1
    vendor            = "GenuineIntel"
    arch              = "x86_64"
    family            = 6
    model_id          = 143
    gpu_link          = "pcie"
    inter_socket_rate = "22GB/s" # NCCL's "SRP" model value (nccl-topo-xml.md §4.2)
  }

  nic "compute" {
    model = "ConnectX-7"
    count = 8
  }

  pcie_switch {
    count  = 8
    socket = floor(count.index / 4)
    gpus   = [count.index]
    nics   = ["compute[${count.index}]"]
    gen    = 5
    width  = 16
  }
}

node_group "h800" {
  model = "HGX-H800"
  count = var.servers
  name  = format("su%02d/node%02d", floor(count.index / 32), count.index % 32)
  rack {
    per_rack = 4
  }
}

fabric "mpft" {
  clos {
    endpoints      = node_group.h800.nics.compute
    planes         = 8          # single-port NICs: NIC i in plane i
    server_transit = ["nvlink"] # cross-plane traffic is forwarded inside the server (PXN)

    unit "su" {
      nodes = 32 # the servers under one leaf of each plane
    }

    tier "leaf" {
      model = "QM9700" # 64 x 400G
      per   = ["su"]
      down  = 32
      up    = 32
    }

    tier "spine" {
      model = "QM9700"
      count = 32 # per plane
      down  = var.servers / 32
    }
  }
}

# DeepSeek-V3's training job: 2,048 H800 GPUs (the report's cluster, §3.1;
# the first 256 servers of this fabric), 16-way pipeline, 64-way expert
# parallelism across 8 nodes, ZeRO-1 data parallelism (DeepSeek-AI,
# "DeepSeek-V3 Technical Report", arXiv 2412.19437, §3.2). topoc derives
# the collectives from the model (docs/workloads.md): "dispatch" AllToAlls
# of 8 experts × 4,096 tokens × 7,168 × 1 byte (FP8) = 235 MB, "combine"
# in BF16, "pipeline" SendRecv of 4,096 × 7,168 × 2 bytes, and ZeRO-1's
# ReduceScatter and AllGather of the dense and the expert parameters. No
# compute time: DeepSeek's DualPipe schedule hides most of the pipeline
# bubble, which topoc's 1F1B and interleaved schedules do not model.
workload "v3-train" {
  gpus      = node_group.h800.gpus
  gpu_count = min(2048, var.servers * 8)
  parallelism {
    pipeline = 16
    expert   = 64
  }

  model {
    parameters        = 671e9 # §1, §4.2
    active_parameters = 37e9  # §1
    # Routed experts: 58 MoE layers × 256 experts × 3 matrices of 7,168 ×
    # 2,048 (§4.2) = 654B [derived]
    expert_parameters = 58 * 256 * 3 * 7168 * 2048
    layers            = 61 # §4.2: the first 3 dense, the other 58 MoE
    moe_layers        = 58
    hidden            = 7168
    experts           = 256 # routed, per MoE layer (§4.2)
    top_k             = 8
    sequence_length   = 4096
    micro_batch       = 1
    # The report's final batch: 15,360 sequences (§4.2), 120 micro-batches
    # per data-parallel rank at 2,048 GPUs
    global_batch   = 15360
    dispatch_dtype = "fp8" # FP8 dispatch, BF16 combine (§3.3)
    zero_stage     = 1
  }
}

requirement "planes_non_blocking" {
  condition     = fabric.mpft.bisection.ratio >= 1
  error_message = "Each plane is a non-blocking fat-tree; the whole fabric must be too."
}

requirement "dispatch_uncongested" {
  condition     = [for c in workload.v3-train.collectives : c.congestion_factor if c.name == "dispatch"][0] <= 1
  error_message = "Expert dispatch must not contend on the fabric."
}

# Resilience (docs/resilience.md): a whole plane down (its 96 switches)
# takes one of every server's eight NICs but disconnects no GPU, and keeps
# 7/8 of the bisection, proven.
requirement "survives_a_plane" {
  condition     = fabric.mpft.whatif.plane.ranks_disconnected == 0 && fabric.mpft.whatif.plane.bisection.ratio >= 0.875
  error_message = "Losing one plane must leave every GPU connected and 7/8 of the bisection."
}
