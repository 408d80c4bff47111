# A server name with a newline would break the cabling plan's CSV rows.
node_group "n" {
  model = "DGX-H100"
  count = 2
  name  = "rack\n${count.index}"
}
