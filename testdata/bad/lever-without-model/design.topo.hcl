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
  collective "gradients" {
    op   = "allreduce"
    size = "17.5GB"
  }
  # A lever re-derives the job from its model block, which is missing.
  lever "fp8" {
    gradient_dtype = "fp8"
  }
}
