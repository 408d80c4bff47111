fabric "nvl" {
  nvlink_domain {
    gpus          = 72
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_ports  = 64
  }
}
