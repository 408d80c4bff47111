# Issue 11: a dragonfly cabled by hand, with no unit labels: 3 groups of
# 2 routers (one tier, "router"), 2 hosts per router, one local link per
# group and one global link between each pair of groups, all 200 Gb/s.
# The bisection is 2 links (400 Gb/s, ratio 0.333, exact). The routing
# congestion uses here is shortest paths (links join switches of one
# tier), so the routed bisection says so, bounded above by the cut; it
# read "up/down routing uses exactly 0b/s". With no unit above the
# routers, oversubscription is per switch, never called end to end.
fabric "df" {
  custom {
    switch "g0r0" {
      model = "SN5600"
      tier  = "router"
    }
    host "g0r0h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0h0"
      b    = "g0r0"
      rate = "200Gb/s"
    }
    host "g0r0h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0h1"
      b    = "g0r0"
      rate = "200Gb/s"
    }
    switch "g0r1" {
      model = "SN5600"
      tier  = "router"
    }
    host "g0r1h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1h0"
      b    = "g0r1"
      rate = "200Gb/s"
    }
    host "g0r1h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1h1"
      b    = "g0r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0"
      b    = "g0r1"
      rate = "200Gb/s"
    }
    switch "g1r0" {
      model = "SN5600"
      tier  = "router"
    }
    host "g1r0h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0h0"
      b    = "g1r0"
      rate = "200Gb/s"
    }
    host "g1r0h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0h1"
      b    = "g1r0"
      rate = "200Gb/s"
    }
    switch "g1r1" {
      model = "SN5600"
      tier  = "router"
    }
    host "g1r1h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1h0"
      b    = "g1r1"
      rate = "200Gb/s"
    }
    host "g1r1h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1h1"
      b    = "g1r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0"
      b    = "g1r1"
      rate = "200Gb/s"
    }
    switch "g2r0" {
      model = "SN5600"
      tier  = "router"
    }
    host "g2r0h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0h0"
      b    = "g2r0"
      rate = "200Gb/s"
    }
    host "g2r0h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0h1"
      b    = "g2r0"
      rate = "200Gb/s"
    }
    switch "g2r1" {
      model = "SN5600"
      tier  = "router"
    }
    host "g2r1h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1h0"
      b    = "g2r1"
      rate = "200Gb/s"
    }
    host "g2r1h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1h1"
      b    = "g2r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0"
      b    = "g2r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0"
      b    = "g1r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1"
      b    = "g2r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1"
      b    = "g2r1"
      rate = "200Gb/s"
    }
  }
}
