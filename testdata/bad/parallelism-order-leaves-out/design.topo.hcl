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

workload "short" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor = 8 # pipeline and context are 1: they may be left out
    order  = "tp-dp"
  }
}

workload "context" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor  = 8
    context = 2
    order   = "tp-dp" # cp is 2: it must be named
  }
}
