# A custom switch named like a server's NIC: a link naming it would reach
# one of the two (trial 68: the switch took the NIC's links).
node_group "dgx" {
  model = "DGX-H100"
  count = 2
  name  = format("pod0/node%d", count.index)
}
fabric "f" {
  custom {
    switch "leaf" {
      name  = "pod0/node0/nic0"
      model = "QM9700"
    }
    link {
      count = 8
      a = "pod0/node1/nic${count.index}"
      b = "pod0/node0/nic0"
    }
  }
}
