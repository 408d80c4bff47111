# One NVLink domain per rack by count, but the servers pattern forgot
# count.index: every domain takes rack 0's trays (trial 67).
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 36
  name  = format("rack%d/tray%02d", floor(count.index / 18), count.index % 18)
}

fabric "nvl72" {
  count = 2
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    servers       = "rack0/*"
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
