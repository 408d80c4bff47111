fabric "nvl" {
  nvlink_domain {
    gpus          = 8
    switches      = 4
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen3"
  }
}
