fabric "nvl" {
  nvlink_domain {
    gpus          = 8
    switches      = 4
    links_per_gpu = 18
    per_switch    = [5, 5, 4, 3]
    link_rate     = "25GB/s"
  }
}
