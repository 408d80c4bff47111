node_group "x" {
  model = "DGX-H100"
  count = 1
  name  = "x/node${count.index}"
}

fabric "rails" {
  custom {
    switch "rail0" {
      model = "QM9700"
      rail  = 0
    }
    link {
      a = "x/node0/nic0"
      b = "rail0"
    }
    link {
      a = "x/node0/nic1"
      b = "rail0"
    }
  }
}
