# 100,000 server names of 4 MB each ran out of memory before the name
# check; each name is checked as it is made.
locals {
  s1 = format("%4096s", "")
  s2 = replace(local.s1, " ", format("%1000s", ""))
}

node_group "g" {
  model = "DGX-H100"
  count = 100000
  name  = "${local.s2}${count.index}"
}
