# A custom switch mounted in rack 3, but the servers fill racks 0 and 1
# (two a rack): rack 3 holds no servers to mount it beside.
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
      model = "QM9700"
      rack  = 3
    }
    link {
      count = 32
      a     = "n${floor(count.index / 8)}/nic${count.index % 8}"
      b     = "tor"
    }
  }
}
