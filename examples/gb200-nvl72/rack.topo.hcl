# One GB200 NVL72 rack (NVIDIA DGX GB200 user guide and RA): 18 compute
# trays of 4 GPUs, 9 NVLink switch trays of 2 NVSwitch chips (18 chips),
# every GPU with one NVLink5 link to each chip: 1,296 links at 50 GB/s
# per direction (1.8 TB/s per GPU is the bidirectional figure).
node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 18
  name  = format("tray%02d", count.index)
}

fabric "nvl72" {
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}

# The 4 ConnectX-7 of each tray into one rail-optimized leaf layer: 72
# endpoints at 400 Gb/s.
fabric "scale_out" {
  clos {
    endpoints = node_group.tray.nics.compute
    rails     = 4
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 18
      up    = 18
    }
    tier "spine" {
      model = "QM9700"
      count = 2
      down  = 36
    }
  }
}
