fabric "nvl" {
  nvlink_domain {
    gpus          = 0
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
  }
}
