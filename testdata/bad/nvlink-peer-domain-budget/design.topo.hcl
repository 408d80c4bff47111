# A GPU with 4 NVLinks gives 2 to its ring of peers; an nvlink_domain that
# takes 4 more would give it 6 (trial 70).
gpu_model "G" {
  nvlink_links = 4
  nvlink_rate  = "25GB/s"
  pcie_gen     = 4
  pcie_width   = 16
}
node_model "m" {
  gpu  = "G"
  gpus = 4
  nvlink_peer {
    count = 4
    gpus  = [count.index, (count.index + 1) % 4]
  }
}
node_group "g" {
  model = "m"
  count = 2
}
fabric "nvl" {
  nvlink_domain {
    gpu_nodes     = node_group.g.gpus
    switches      = 2
    links_per_gpu = 4
    link_rate     = "25GB/s"
  }
}
