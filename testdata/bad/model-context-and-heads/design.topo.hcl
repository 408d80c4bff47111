node_group "dgx" {
  model = "DGX-H100"
  count = 2
}

fabric "compute" {
  clos {
    endpoints = node_group.dgx.nics.compute
    rails     = 8
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}


workload "llm" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor  = 8
    context = 2 # data = 1
  }
  model {
    parameters      = 70e9
    layers          = 80
    hidden          = 8192
    sequence_length = 4098 # not a multiple of 2 x context = 4
    micro_batch     = 1
    global_batch    = 8
  }
}
workload "gqa" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor = 8
  }
  model {
    parameters      = 70e9
    layers          = 80
    hidden          = 8192
    kv_heads        = 8 # the query heads it groups are not given
    sequence_length = 4096
    micro_batch     = 1
    global_batch    = 8
  }
}

workload "gqa_tensor" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor = 8
  }
  model {
    parameters      = 70e9
    layers          = 80
    hidden          = 8192
    attention_heads = 64
    kv_heads        = 4 # 4 key-value heads do not split over 8 tensor ranks
    sequence_length = 4096
    micro_batch     = 1
    global_batch    = 8
  }
}

workload "moe_context" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor  = 4
    expert  = 2
    context = 2 # with expert = 2: not modelled
  }
  model {
    parameters        = 70e9
    expert_parameters = 40e9
    experts           = 8
    top_k             = 2
    layers            = 80
    hidden            = 8192
    sequence_length   = 4096
    sequence_parallel = true
    micro_batch       = 1
    global_batch      = 8
  }
}
