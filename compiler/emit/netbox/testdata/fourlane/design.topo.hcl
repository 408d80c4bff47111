# Hosts at 200G and 400G on one SN5600 leaf: ports split 4 x 200G take
# two splitter fibers each (a twin 2 x 400G module), ports split
# 2 x 400G a fiber per lane, and one port has three of its 200G lanes
# used. Used by TestFourLanePortsOneNamePerInterface.
nic_model "N200" {
  port_rate  = "200Gb/s"
  protocol   = "ethernet"
  pcie_gen   = 5
  pcie_width = 16
}
nic_model "N400" {
  port_rate  = "400Gb/s"
  protocol   = "ethernet"
  pcie_gen   = 5
  pcie_width = 16
}
node_model "b200" {
  nic "compute" {
    model = "N200"
    count = 1
  }
}
node_model "b400" {
  nic "compute" {
    model = "N400"
    count = 1
  }
}
node_group "a" {
  model = "b200"
  count = 6
}
node_group "b" {
  model = "b400"
  count = 3
}
node_group "c" {
  model = "b200"
  count = 3
}
fabric "f" {
  clos {
    endpoints = [node_group.a.nics.compute, node_group.b.nics.compute, node_group.c.nics.compute]
    tier "leaf" {
      model = "SN5600"
      down  = 12
      up    = 2
    }
    tier "spine" {
      model = "SN5600"
      count = 2
    }
  }
}
