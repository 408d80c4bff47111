node_group "dgx" {
  model = "DGX-H100"
  count = 100000000
}
