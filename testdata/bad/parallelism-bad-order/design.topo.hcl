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
    tensor = 8
    order  = "tp-dp-tp-pp" # tp twice
  }
}

workload "megatron" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor = 8
    order  = "tp-cp-ep-dp-pp" # Megatron-Core's own spelling: accepted
  }
}

workload "apart" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor = 8
    order  = "tp-ep-cp-dp-pp" # ep must stand next to dp
  }
}
