node_group "dgx" {
  model = "DGX-H100"
  count = 4
  name  = "node${count.index % 2}"
}
