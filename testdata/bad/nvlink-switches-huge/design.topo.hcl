# Issue 19 attack: an NVLink domain of 10,000,000 switches for 2 GPUs.
fabric "f" {
  nvlink_domain {
    gpus          = 2
    switches      = 10000000
    links_per_gpu = 1
    link_rate     = "50GB/s"
  }
}
