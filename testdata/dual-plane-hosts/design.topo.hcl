# Eight hosts of two 400G ports, one port in each of two planes, racks of
# four under one spine per plane; a job on rack 1's hosts. Shared by
# the what-if test of an island (analyzers/resilience) and the port-view
# note test (analyzers/bisection).
fabric "f" {
  clos {
    hosts      = 8
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2
    unit "rack" {
      nodes = 4
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["plane", "rack"]
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      per   = ["plane"]
      count = 1
    }
  }
}
workload "w" {
  gpus  = fabric.f.endpoints
  nodes = ["rack1/host0", "rack1/host1", "rack1/host2", "rack1/host3"]
  collective "ar" {
    op   = "allreduce"
    size = "1GiB"
  }
}
