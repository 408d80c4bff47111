# A custom link that finds every port group running at its rate full is
# an error at that link block: the switch has 2 ports at 100G and no
# other group runs at 100G, so the third host link has no port.
switch_model "mixed" {
  port_group "host" {
    ports = 2
    rate  = "100Gb/s"
  }
  port_group "uplink" {
    ports = 2
    rate  = "400Gb/s"
  }
}

fabric "lab" {
  custom {
    switch "leaf" {
      model = "mixed"
    }
    host "h" {
      count = 3
      rate  = "100Gb/s"
    }
    link {
      count = 3
      a     = "h${count.index}"
      b     = "leaf"
    }
  }
}
