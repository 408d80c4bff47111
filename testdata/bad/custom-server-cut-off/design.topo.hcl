node_group "n" {
  model = "DGX-H100"
  count = 2
  name  = format("n%d", count.index)
}

fabric "c" {
  custom {
    switch "leaf0" {
      model = "QM9700"
    }
    switch "leaf1" {
      model = "QM9700"
    }
    link {
      a = "n0/nic0"
      b = "leaf0"
    }
    link {
      a = "n0/nic1"
      b = "leaf0"
    }
    link {
      a = "n1/nic0"
      b = "leaf0"
    }
    link {
      a = "n1/nic1"
      b = "leaf1"
    }
  }
}
