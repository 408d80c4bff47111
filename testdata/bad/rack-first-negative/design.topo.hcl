# Issue 19: a negative first rack panicked in the cabling plan
# (strings: negative Repeat count).
node_group "h" {
  model = "DGX-H100"
  count = 12
  rack {
    per_rack = 1
    first    = -5
  }
}
