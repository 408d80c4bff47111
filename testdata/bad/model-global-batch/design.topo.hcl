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
    tensor = 8 # data = 2
  }
  model {
    parameters      = 70e9
    layers          = 80
    hidden          = 8192
    sequence_length = 4096
    micro_batch     = 2
    global_batch    = 7 # not a multiple of micro_batch x data = 4
  }
}
