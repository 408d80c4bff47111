# The last rack of the group (first + (count-1)/per_rack) must stay below
# 2^20 as well.
node_group "h" {
  model = "DGX-H100"
  count = 64
  rack {
    per_rack = 2
    first    = 1048570
  }
}
