node_group "n" {
  model = "DGX-H100"
  name  = "n0"
}
fabric "c" {
  custom {
    switch "s" {
      model = "QM9700"
    }
    link {
      a = "n0/nic0"
      b = "s"
    }
    link {
      a = "n0/nic0"
      b = "s"
    }
  }
}
