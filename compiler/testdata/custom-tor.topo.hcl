node_group "n" {
  model = "DGX-H100"
  count = 4
  name  = "n${count.index}"
  rack {
    per_rack = 2
  }
}
fabric "f" {
  custom {
    switch "tor" {
      count = 2
      model = "QM9700"
      tier  = "leaf"
      rack  = count.index
    }
    switch "spine" {
      model = "QM9700"
      tier  = "spine"
    }
    link {
      count = 32
      a     = "n${floor(count.index / 8)}/nic${count.index % 8}"
      b     = "tor${floor(count.index / 16)}"
    }
    link {
      count    = 2
      a        = "tor${count.index}"
      b        = "spine"
      parallel = 16
    }
  }
}
