# Interface names NCCL_SOCKET_IFNAME cannot list: one past Linux's 15
# characters, and too few for the ports (two NICs of one port each).
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
      interfaces = ["enp170s0f0np0-xy"]
    }
  }
  nic "frontend" {
    model = "ConnectX-7"
    count = 2
    pci {
      interfaces = ["eno1"]
    }
  }
}

node_group "n" {
  model = "box"
  count = 2
}
