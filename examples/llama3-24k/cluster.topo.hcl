# Meta's 24K-GPU Llama 3 training cluster (RoCE variant): 3,072 servers of
# 8 H100 GPUs and 8 x 400G NICs, two servers and one top-of-rack switch
# (RTSW) per rack, 192 racks joined by cluster switches (CTSW) into a
# non-blocking pod of 3,072 GPUs, and 8 pods joined by aggregation
# switches (ATSW) at 1:7 (Dubey et al., "The Llama 3 Herd of Models",
# arXiv 2407.21783, §3.3.1; Gangidi et al., "RDMA over Ethernet for
# Distributed AI Training at Meta Scale", SIGCOMM 2024). Switch counts
# above the racks are not published: see README.md for what is modelled.

variable "pods" {
  type        = number
  default     = 8
  description = "Pods of 3,072 GPUs (192 racks); the paper's cluster has 8."
  validation {
    condition     = var.pods >= 2 && var.pods <= 8
    error_message = "Use 2 to 8 pods: the aggregation tier below is sized for at most 8 (128 CTSW links per ATSW)."
  }
}

# Meta's Minipack2 RTSW: one Broadcom Tomahawk 4, 25.6 Tb/s per direction
# [src: Llama 3 §3.3.1 names the Minipack2 as the ToR; TH4 is 64 x 400G,
# designs.md §6]. Only 32 of its ports are used here.
switch_model "Minipack2" {
  radix     = 64
  port_rate = "400Gb/s"
  vendor    = "Meta (OCP)"
  protocol  = "ethernet"
}

# The CTSW and ATSW: Arista 7800R3 modular switches on Broadcom Jericho
# silicon with deep buffers, up to 576 x 400G ports [secondary: summaries
# of Gangidi et al. 2024]. Used for both tiers [assumption].
switch_model "Arista-7800R3" {
  radix     = 576
  port_rate = "400Gb/s"
  vendor    = "Arista"
  protocol  = "ethernet"
}

# Meta's Grand Teton: an HGX H100 baseboard (8 H100, 4 NVSwitches) and two
# CPUs; four PCIe Gen5 switches, each serving two GPUs and two 400G RoCE
# NICs (glennklockwood.com, "Meta's H100 clusters", from the Grand Teton
# OCP specification). Which GPUs share a PCIe switch is [assumption]:
# GPUs 2i and 2i+1 with NICs 2i and 2i+1.
node_model "GrandTeton" {
  gpu               = "H100"
  gpus              = 8
  nvswitches        = 4
  nvlink_per_switch = [4, 5, 5, 4] # HGX H100, as the catalogue's HGX-H100

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
    model = "ConnectX-7-Eth" # 400GbE RoCE [src: Llama 3 §3.3.1, RoCE at 400 Gb/s]
    count = 8
  }

  pcie_switch {
    count  = 4
    socket = floor(count.index / 2)
    gpus   = [2 * count.index, 2 * count.index + 1]
    nics   = ["compute[${2 * count.index}]", "compute[${2 * count.index + 1}]"]
    gen    = 5
    width  = 16
  }
}

node_group "gt" {
  model = "GrandTeton"
  count = var.pods * 384
  name  = format("pod%d/rack%03d/node%d", floor(count.index / 384), floor(count.index / 2) % 192, count.index % 2)
  rack {
    per_rack = 2 # 16 GPUs in two servers per rack [src: Llama 3 §3.3.1]
  }
}

fabric "backend" {
  clos {
    endpoints = node_group.gt.nics.compute

    unit "rack" {
      nodes = 2
    }
    unit "pod" {
      units = 192 # racks per pod [src: Llama 3 §3.3.1]
    }

    # One RTSW per rack: 16 GPU NICs down, one link up to each CTSW of
    # its pod (1:1 [assumption]: the paper calls the pod non-blocking).
    tier "rtsw" {
      model = "Minipack2"
      per   = ["rack"]
      down  = 16
      up    = 16
    }

    # 16 CTSWs per pod [assumption: the count is not published; 16 is the
    # least that takes every RTSW's 16 uplinks one each]. 27 uplinks per
    # CTSW make 192:27 = 7.11:1, the whole number of links nearest the
    # paper's 1:7 (3,072 / 7 = 438.9 links a pod is not a whole number;
    # 16 × 27 = 432 is nearer than 16 × 28 = 448).
    tier "ctsw" {
      model = "Arista-7800R3"
      per   = ["pod"]
      count = 16
      down  = 192
      up    = 27
    }

    # One link from every CTSW to each of 27 ATSWs [assumption].
    tier "atsw" {
      model = "Arista-7800R3"
      count = 27
      down  = var.pods * 16
    }
  }
}

# Llama 3 405B pre-training on 16,384 of the cluster's GPUs, in the two
# configurations Meta published [src: Llama 3 §3.3.2, Table 4; Balaji,
# "Herding Llamas", SC'24]: 8 tensor ranks inside each server and 16
# pipeline stages, with 128 data-parallel replicas at 8K tokens per
# sequence, or 16 context ranks and 8 replicas at 128K tokens, 16M tokens
# a step either way; ranks in the order [TP, CP, PP, DP] [src: §3.3.2].
# The model: 126 layers, h = 16,384, 128 attention heads and 8 key-value
# heads [src: Llama 3, Table 3]. One sequence per micro-batch
# [assumption], so 16 micro-batches a step. Meta's data parallelism is
# FSDP; plain data parallelism moves the same 2Ψ per step as ZeRO-1 and
# -2 (docs/workloads.md) [assumption: parameters not re-gathered per
# micro-batch].
#
# No compute time: Meta's measured 400 and 380 TFLOP/s per GPU cover
# whole steps, including a pipeline schedule (first and last stages one
# layer short, interleaved) that topoc does not model, so the workloads
# show the communication each configuration adds and where it lands.
workload "llama3_405b_8k" {
  gpus      = node_group.gt.gpus
  gpu_count = 16384

  parallelism {
    tensor   = 8
    pipeline = 16 # data = 16,384 / 128 = 128
    order    = "tp-cp-pp-dp"
  }

  model {
    parameters      = 405e9
    layers          = 126
    hidden          = 16384
    attention_heads = 128
    kv_heads        = 8
    sequence_length = 8192
    micro_batch     = 1
    global_batch    = 2048 # 16M tokens
  }
}

workload "llama3_405b_128k" {
  gpus      = node_group.gt.gpus
  gpu_count = 16384

  parallelism {
    tensor   = 8
    pipeline = 16
    context  = 16 # data = 16,384 / (8 × 16 × 16) = 8
    order    = "tp-cp-pp-dp"
  }

  model {
    parameters      = 405e9
    layers          = 126
    hidden          = 16384
    attention_heads = 128
    kv_heads        = 8
    sequence_length = 131072
    micro_batch     = 1
    global_batch    = 128 # 16M tokens
  }
}
