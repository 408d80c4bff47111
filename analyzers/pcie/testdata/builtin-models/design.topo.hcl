# Two servers of each built-in node model; none may draw a diagnostic.
node_group "g0" {
  model = "DGX-H100"
  count = 2
}
node_group "g1" {
  model = "HGX-H100"
  count = 2
}
node_group "g2" {
  model = "DGX-B200"
  count = 2
}
node_group "g3" {
  model = "ND-H100-v5"
  count = 2
}
node_group "g4" {
  model = "DGX-A100"
  count = 2
}
node_group "g5" {
  model = "GB200-NVL72-compute-tray"
  count = 2
}
