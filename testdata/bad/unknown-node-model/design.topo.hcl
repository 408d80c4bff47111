node_group "dgx" {
  model = "DGX-H10"
  count = 2
}
