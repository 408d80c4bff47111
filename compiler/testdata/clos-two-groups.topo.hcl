# Two generations in one fabric: 16 DGX H100 and 16 DGX B200, one SU each.
node_group "h100" {
  model = "DGX-H100"
  count = 16
  name  = format("su0/h%02d", count.index)
}
node_group "b200" {
  model = "DGX-B200"
  count = 16
  name  = format("su1/b%02d", count.index)
}
fabric "compute" {
  clos {
    endpoints = [node_group.h100.nics.compute, node_group.b200.nics.compute]
    unit "su" {
      nodes = 16
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su", "rail"]
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "QM9700"
      count = 8
      down  = 32
    }
  }
}

# One job over both generations: 256 GPUs, tensor parallel inside each
# server, data parallel across all 32.
workload "mixed" {
  gpus = [node_group.h100.gpus, node_group.b200.gpus]
  parallelism {
    tensor = 8
  }
  collective "gradients" {
    op    = "allreduce"
    size  = "1GiB"
    group = "data"
    order = "rail_aware"
  }
}
