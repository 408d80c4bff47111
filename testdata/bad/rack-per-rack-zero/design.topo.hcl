# Issue 19: per_rack = 0 silently put every server in rack 0.
node_group "h" {
  model = "DGX-H100"
  count = 4
  rack {
    per_rack = 0
  }
}
