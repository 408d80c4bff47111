node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 18
}

fabric "nvl72" {
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    gpus          = 64
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
