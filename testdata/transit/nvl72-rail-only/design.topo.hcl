# A rail-only scale-out fabric over one GB200 NVL72 rack: the 72 compute
# NICs of 18 trays on 4 rail switches, the trays joined only by their
# NVLink domain (server_transit = ["nvlink"]). Read by the compiler's and
# the bisection analyzer's transit tests.
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 18
}

fabric "nvl72" {
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
  }
}

fabric "ro" {
  clos {
    endpoints      = node_group.tray.nics.compute
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 18
    }
  }
}
