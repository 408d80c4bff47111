# Trial 58: a dragonfly of 6 groups x 4 routers x 4 hosts cabled by hand,
# with group labels, one global link per group pair (each router holds
# 2 or 3 of its group's 5), all links 200 Gb/s. The family version
# (p = 4, a = 4, h = 2, g = 6) is 1.8 Tb/s analytic and 3.2:1 end to end.
# Here the graph's bisection is bounded: the 9-link cut of whole groups
# above, the uniform multicommodity-flow bound below, which routes every
# pair over its shortest paths and so bounds the routed (shortest-path)
# bisection too. One group tapers 3.2:1, but groups are linked directly,
# so a set of them tapers more: end to end is bounded by sets, from the
# smaller side of the cut (5.33:1) to the uniform bound's θ (6.89:1).
locals {
  # The routers at the two ends of each group pair's global link, pairs
  # (0,1), (0,2), … (4,5) in order, each group's ports taken in turn,
  # two to a router.
  global_a = [0, 0, 1, 1, 2, 4, 5, 5, 6, 9, 9, 10, 13, 14, 18]
  global_b = [4, 8, 12, 16, 20, 8, 12, 16, 20, 13, 17, 21, 17, 21, 22]
}

fabric "df" {
  custom {
    switch "r" {
      count = 24 # r00 … r23, four to a group
      model = "SN5600"
      tier  = "router"
      group = floor(count.index / 4)
    }
    host "h" {
      count = 96 # h00 … h95, four to a router
      rate  = "200Gb/s"
    }
    link {
      count = 96
      a     = format("h%02d", count.index)
      b     = format("r%02d", floor(count.index / 4))
      rate  = "200Gb/s"
    }
    link { # local: the 6 router pairs of each group
      count = 36
      a     = format("r%02d", 4 * floor(count.index / 6) + element([0, 0, 0, 1, 1, 2], count.index % 6))
      b     = format("r%02d", 4 * floor(count.index / 6) + element([1, 2, 3, 2, 3, 3], count.index % 6))
      rate  = "200Gb/s"
    }
    link { # global
      count = 15
      a     = format("r%02d", local.global_a[count.index])
      b     = format("r%02d", local.global_b[count.index])
      rate  = "200Gb/s"
    }
  }
}
