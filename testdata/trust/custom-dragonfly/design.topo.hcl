# Issue 11: a dragonfly cabled by hand, with no unit labels: 3 groups of
# 2 routers (one tier, "router"), 2 hosts per router, one local link per
# group and one global link between each pair of groups, all 200 Gb/s.
# The bisection is 2 links (400 Gb/s, ratio 0.333, exact). The routing
# congestion uses here is shortest paths (links join switches of one
# tier), so the routed bisection says so, bounded above by the cut; it
# read "up/down routing uses exactly 0b/s". With no unit above the
# routers, end to end is only bounded below ("at least 3:1", by the
# smaller side of the cut), never given as a value.
fabric "df" {
  custom {
    switch "r" {
      count = 6 # r0 … r5: group 0 is r0 and r1, group 1 r2 and r3, …
      model = "SN5600"
      tier  = "router"
    }
    host "h" {
      count = 12 # h00 … h11, two to a router
      rate  = "200Gb/s"
    }
    link {
      count = 12
      a     = format("h%02d", count.index)
      b     = "r${floor(count.index / 2)}"
      rate  = "200Gb/s"
    }
    link { # local: one per group
      count = 3
      a     = "r${2 * count.index}"
      b     = "r${2 * count.index + 1}"
      rate  = "200Gb/s"
    }
    link { # global: groups 0–1, 0–2 and 1–2
      count = 3
      a     = element(["r0", "r1", "r3"], count.index)
      b     = element(["r2", "r4", "r5"], count.index)
      rate  = "200Gb/s"
    }
  }
}
