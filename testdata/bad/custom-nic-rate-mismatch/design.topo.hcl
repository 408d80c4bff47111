node_group "n" {
  model = "DGX-H100"
  name  = "n0"
}

fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
    }
    link {
      a    = "n0/nic0"
      b    = "leaf"
      rate = "200Gb/s"
    }
  }
}
