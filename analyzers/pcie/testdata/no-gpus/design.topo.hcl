# A CPU server: two 400G NICs on Gen5 x16 and no GPUs, so no GPU↔NIC
# path to classify; the check summary says so instead of an empty line.
nic_model "NIC-400" {
  ports      = 1
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
}

node_model "cpu-box" {
  nic "compute" {
    model = "NIC-400"
    count = 2
  }
}

node_group "cpu" {
  model = "cpu-box"
  count = 16
}

fabric "backend" {
  clos {
    endpoints = node_group.cpu.nics.compute
    tier "leaf" {
      model = "QM9700"
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      count = 1
    }
  }
}
