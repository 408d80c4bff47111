# A k=8 fat-tree (Al-Fares et al. 2008): k^3/4 = 128 hosts, 5k^2/4 = 80
# switches, 3k^3/4 = 384 links; every requirement holds.
fabric "ft" {
  fat_tree {
    k         = 8
    link_rate = "400Gb/s"
  }
}

locals {
  k = 8
}

requirement "hosts" {
  condition     = fabric.ft.endpoints == pow(local.k, 3) / 4
  error_message = "hosts"
}

requirement "links" {
  condition     = fabric.ft.links == 3 * pow(local.k, 3) / 4
  error_message = "links"
}

requirement "cores" {
  condition     = [for t in fabric.ft.switches_by_tier : t.count if t.name == "core"][0] == pow(local.k / 2, 2)
  error_message = "cores"
}
