node_group "a" {
  model = "DGX-H100"
  name  = "n0"
}
node_group "b" {
  model = "DGX-A100"
  name  = "n0"
}
