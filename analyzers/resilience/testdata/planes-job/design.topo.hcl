# 16 DGX H100 in two scalable units of 8, NIC i of every server in plane
# i (8 planes, each a two-tier Clos of 2 leaves and 2 spines, joined only
# inside the servers over NVLink), and a data-parallel job whose rings
# cross between the units on every plane.
node_group "dgx" {
  model = "DGX-H100"
  count = 16
  name  = format("su%02d/node%02d", floor(count.index / 8), count.index % 8)
}

fabric "mpft" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    planes         = 8
    server_transit = ["nvlink"]
    unit "su" {
      nodes = 8
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 2
      down  = 8
    }
  }
}

workload "dp" {
  gpus = node_group.dgx.gpus
  parallelism {
    tensor = 8
  }
  collective "gradients" {
    op    = "allreduce"
    size  = "1GB"
    group = "data"
  }
}
