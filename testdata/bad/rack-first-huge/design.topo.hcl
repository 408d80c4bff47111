# Issue 19: first = 2^31-1 panicked too; racks stay below 2^20.
node_group "h" {
  model = "DGX-H100"
  count = 3
  rack {
    per_rack = 1
    first    = 2147483647
  }
}
