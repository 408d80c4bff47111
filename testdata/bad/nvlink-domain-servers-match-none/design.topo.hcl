# One NVLink domain per rack, but the pattern names racks the node group
# does not name its trays by (they are tray00 … tray35).
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 36
}

fabric "nvl72" {
  count = 2
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    servers       = "rack${count.index}/*"
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
