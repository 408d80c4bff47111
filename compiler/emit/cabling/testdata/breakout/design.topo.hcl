# A small breakout design for the cabling golden tests: 32 two-NIC
# servers (2U, 16 per rack) on SN5600 leaves whose 800G ports are split
# 2 x 400G, both towards the servers and towards the spines.
node_model "box-2nic" {
  nic "compute" {
    model = "ConnectX-7-Eth"
    count = 2
  }
}

node_group "srv" {
  model = "box-2nic"
  count = 32
  name  = format("r%d/srv%02d", floor(count.index / 16), count.index % 16)
  rack {
    per_rack = 16
  }
}

fabric "eth" {
  clos {
    endpoints = node_group.srv.nics.compute
    link_rate = "400Gb/s"

    unit "rack" {
      nodes = 16
    }

    tier "leaf" {
      model = "SN5600"
      per   = ["rack", "rail"]
      down  = 16
      up    = 16
    }
    tier "spine" {
      model = "SN5600"
      count = 2
      down  = 32
    }
  }
}
