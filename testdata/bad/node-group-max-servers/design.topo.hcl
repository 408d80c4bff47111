# Issue 19 attack: 131,072 DGX H100 servers (the instance cap) ran out of
# memory building 13 million elements; the element cap (8,000,000,
# --max-elements) refuses them first.
node_group "g" {
  model = "DGX-H100"
  count = 131072
}
