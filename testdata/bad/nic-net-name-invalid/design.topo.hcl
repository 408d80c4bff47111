# A network device name NCCL_IB_HCA cannot list (a comma splits it).
node_model "box" {
  gpu  = "H100"
  gpus = 1
  cpu {
    sockets = 1
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 1
    pci {
      bus_ids = ["0000:18:00.0"]
      names   = ["mlx5_0,mlx5_1"]
    }
  }
}

node_group "n" {
  model = "box"
  count = 2
}
