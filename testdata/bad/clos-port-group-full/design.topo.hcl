# A Clos tier whose down links do not fit the port groups running at
# their rate is an error at the tier's down: 30 host links at 100G on a
# leaf with 28 ports at 100G and 8 at 400G (which do not run at 100G).
switch_model "mixed" {
  port_group "host" {
    ports = 28
    rate  = "100Gb/s"
  }
  port_group "uplink" {
    ports = 8
    rate  = "400Gb/s"
  }
}

fabric "c" {
  clos {
    hosts     = 60
    host_rate = "100Gb/s"
    unit "rack" {
      nodes = 30
    }
    tier "leaf" {
      model = "mixed"
      per   = ["rack"]
      down  = 30
      up    = 8
    }
    tier "spine" {
      model = "mixed"
      count = 2
    }
  }
}
