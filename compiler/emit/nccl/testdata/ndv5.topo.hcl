# Azure ND H100 v5 (Standard_ND96isr_H100_v5) as its guest VM sees it,
# written by hand from docs/reference/nodes.md §6. Building it with
# --emit nccl gives a file equivalent to Azure's own
# topology/ndv5-topo.xml (azhpc-images); nccl_test checks that.
node_model "azure-ndv5" {
  gpu  = "H100" # 8 x H100 80 GB, NVLink 4.0 (S24)
  gpus = 8

  cpu {
    sockets         = 2
    numa_per_socket = 1
    vendor          = "GenuineIntel" # 4th-gen Xeon (Sapphire Rapids)
    arch            = "x86_64"
    family          = 6
    model_id        = 143
    cores           = 48 # 96 vCPUs, no SMT

    numa {
      count  = 2
      id     = count.index
      socket = count.index
      cpus   = count.index == 0 ? "0-47" : "48-95"
    }
  }

  # Hyper-V bus ids: the PCI domain carries the identity.
  gpu_pci {
    bus_ids = [for d in [1, 2, 3, 8, 9, 10, 11, 12] : format("%04x:00:00.0", d)]
  }

  nic "compute" {
    model = "ConnectX-7" # 400 Gb/s NDR InfiniBand: class 0x020700
    count = 8
    pci {
      bus_ids = [for i in range(8) : format("%04x:00:00.0", 257 + i)]
    }
  }

  # One fake switch per GPU/NIC pair, with ids 0x0000 so that NCCL never
  # takes it for a Broadcom switch; 4 per NUMA node.
  pcie_switch {
    count               = 8
    numa                = floor(count.index / 4)
    gpus                = [count.index]
    nics                = ["compute[${count.index}]"]
    bus_id              = format("ffff:ff:%02x.0", count.index + 1)
    gen                 = 5
    width               = 16
    vendor_id           = "0x0000"
    device_id           = "0x0000"
    subsystem_vendor_id = "0x0000"
    subsystem_device_id = "0x0000"
  }
}
