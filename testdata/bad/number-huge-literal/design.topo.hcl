# Issue 19 attack: a count with a hundred-million exponent hung writing
# the number as text (in the diagnostic).
node_group "g" {
  model = "DGX-H100"
  count = 1e100000000
}
