# One NVLink domain over two node groups of 9 GB200 trays each, but the
# first group is listed twice: its GPUs would join the domain twice.
node_group "left" {
  model = "GB200-NVL72-compute-tray"
  count = 9
  name  = format("rack0/tray%02d", count.index)
}

node_group "right" {
  model = "GB200-NVL72-compute-tray"
  count = 9
  name  = format("rack0/tray%02d", count.index + 9)
}

fabric "nvl72" {
  nvlink_domain {
    gpu_nodes     = [node_group.left.gpus, node_group.right.gpus, node_group.left.gpus]
    switches      = 18
    links_per_gpu = 18
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
