# Trial 58: a dragonfly of 6 groups x 4 routers x 4 hosts cabled by hand,
# with group labels, one global link per group pair (each router holds
# 2 or 3 of its group's 5), all links 200 Gb/s. The family version
# (p = 4, a = 4, h = 2, g = 6) is 1.8 Tb/s analytic and 3.2:1 end to end.
# Here the graph's bisection is bounded: the 9-link cut of whole groups
# above, the uniform multicommodity-flow bound below, which routes every
# pair over its shortest paths and so bounds the routed (shortest-path)
# bisection too. End to end is the group taper, 3.2:1.
fabric "df" {
  custom {
    switch "g0r0" {
      model = "SN5600"
      tier  = "router"
      group = 0
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
    host "g0r0h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0h2"
      b    = "g0r0"
      rate = "200Gb/s"
    }
    host "g0r0h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0h3"
      b    = "g0r0"
      rate = "200Gb/s"
    }
    switch "g0r1" {
      model = "SN5600"
      tier  = "router"
      group = 0
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
    host "g0r1h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1h2"
      b    = "g0r1"
      rate = "200Gb/s"
    }
    host "g0r1h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1h3"
      b    = "g0r1"
      rate = "200Gb/s"
    }
    switch "g0r2" {
      model = "SN5600"
      tier  = "router"
      group = 0
    }
    host "g0r2h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r2h0"
      b    = "g0r2"
      rate = "200Gb/s"
    }
    host "g0r2h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r2h1"
      b    = "g0r2"
      rate = "200Gb/s"
    }
    host "g0r2h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r2h2"
      b    = "g0r2"
      rate = "200Gb/s"
    }
    host "g0r2h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r2h3"
      b    = "g0r2"
      rate = "200Gb/s"
    }
    switch "g0r3" {
      model = "SN5600"
      tier  = "router"
      group = 0
    }
    host "g0r3h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r3h0"
      b    = "g0r3"
      rate = "200Gb/s"
    }
    host "g0r3h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r3h1"
      b    = "g0r3"
      rate = "200Gb/s"
    }
    host "g0r3h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r3h2"
      b    = "g0r3"
      rate = "200Gb/s"
    }
    host "g0r3h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g0r3h3"
      b    = "g0r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0"
      b    = "g0r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0"
      b    = "g0r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0"
      b    = "g0r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1"
      b    = "g0r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1"
      b    = "g0r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r2"
      b    = "g0r3"
      rate = "200Gb/s"
    }
    switch "g1r0" {
      model = "SN5600"
      tier  = "router"
      group = 1
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
    host "g1r0h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0h2"
      b    = "g1r0"
      rate = "200Gb/s"
    }
    host "g1r0h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0h3"
      b    = "g1r0"
      rate = "200Gb/s"
    }
    switch "g1r1" {
      model = "SN5600"
      tier  = "router"
      group = 1
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
    host "g1r1h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1h2"
      b    = "g1r1"
      rate = "200Gb/s"
    }
    host "g1r1h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1h3"
      b    = "g1r1"
      rate = "200Gb/s"
    }
    switch "g1r2" {
      model = "SN5600"
      tier  = "router"
      group = 1
    }
    host "g1r2h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r2h0"
      b    = "g1r2"
      rate = "200Gb/s"
    }
    host "g1r2h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r2h1"
      b    = "g1r2"
      rate = "200Gb/s"
    }
    host "g1r2h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r2h2"
      b    = "g1r2"
      rate = "200Gb/s"
    }
    host "g1r2h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r2h3"
      b    = "g1r2"
      rate = "200Gb/s"
    }
    switch "g1r3" {
      model = "SN5600"
      tier  = "router"
      group = 1
    }
    host "g1r3h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r3h0"
      b    = "g1r3"
      rate = "200Gb/s"
    }
    host "g1r3h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r3h1"
      b    = "g1r3"
      rate = "200Gb/s"
    }
    host "g1r3h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r3h2"
      b    = "g1r3"
      rate = "200Gb/s"
    }
    host "g1r3h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g1r3h3"
      b    = "g1r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0"
      b    = "g1r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0"
      b    = "g1r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0"
      b    = "g1r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1"
      b    = "g1r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1"
      b    = "g1r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r2"
      b    = "g1r3"
      rate = "200Gb/s"
    }
    switch "g2r0" {
      model = "SN5600"
      tier  = "router"
      group = 2
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
    host "g2r0h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0h2"
      b    = "g2r0"
      rate = "200Gb/s"
    }
    host "g2r0h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0h3"
      b    = "g2r0"
      rate = "200Gb/s"
    }
    switch "g2r1" {
      model = "SN5600"
      tier  = "router"
      group = 2
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
    host "g2r1h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1h2"
      b    = "g2r1"
      rate = "200Gb/s"
    }
    host "g2r1h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1h3"
      b    = "g2r1"
      rate = "200Gb/s"
    }
    switch "g2r2" {
      model = "SN5600"
      tier  = "router"
      group = 2
    }
    host "g2r2h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r2h0"
      b    = "g2r2"
      rate = "200Gb/s"
    }
    host "g2r2h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r2h1"
      b    = "g2r2"
      rate = "200Gb/s"
    }
    host "g2r2h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r2h2"
      b    = "g2r2"
      rate = "200Gb/s"
    }
    host "g2r2h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r2h3"
      b    = "g2r2"
      rate = "200Gb/s"
    }
    switch "g2r3" {
      model = "SN5600"
      tier  = "router"
      group = 2
    }
    host "g2r3h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r3h0"
      b    = "g2r3"
      rate = "200Gb/s"
    }
    host "g2r3h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r3h1"
      b    = "g2r3"
      rate = "200Gb/s"
    }
    host "g2r3h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r3h2"
      b    = "g2r3"
      rate = "200Gb/s"
    }
    host "g2r3h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g2r3h3"
      b    = "g2r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0"
      b    = "g2r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0"
      b    = "g2r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r0"
      b    = "g2r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1"
      b    = "g2r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1"
      b    = "g2r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r2"
      b    = "g2r3"
      rate = "200Gb/s"
    }
    switch "g3r0" {
      model = "SN5600"
      tier  = "router"
      group = 3
    }
    host "g3r0h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r0h0"
      b    = "g3r0"
      rate = "200Gb/s"
    }
    host "g3r0h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r0h1"
      b    = "g3r0"
      rate = "200Gb/s"
    }
    host "g3r0h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r0h2"
      b    = "g3r0"
      rate = "200Gb/s"
    }
    host "g3r0h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r0h3"
      b    = "g3r0"
      rate = "200Gb/s"
    }
    switch "g3r1" {
      model = "SN5600"
      tier  = "router"
      group = 3
    }
    host "g3r1h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r1h0"
      b    = "g3r1"
      rate = "200Gb/s"
    }
    host "g3r1h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r1h1"
      b    = "g3r1"
      rate = "200Gb/s"
    }
    host "g3r1h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r1h2"
      b    = "g3r1"
      rate = "200Gb/s"
    }
    host "g3r1h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r1h3"
      b    = "g3r1"
      rate = "200Gb/s"
    }
    switch "g3r2" {
      model = "SN5600"
      tier  = "router"
      group = 3
    }
    host "g3r2h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r2h0"
      b    = "g3r2"
      rate = "200Gb/s"
    }
    host "g3r2h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r2h1"
      b    = "g3r2"
      rate = "200Gb/s"
    }
    host "g3r2h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r2h2"
      b    = "g3r2"
      rate = "200Gb/s"
    }
    host "g3r2h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r2h3"
      b    = "g3r2"
      rate = "200Gb/s"
    }
    switch "g3r3" {
      model = "SN5600"
      tier  = "router"
      group = 3
    }
    host "g3r3h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r3h0"
      b    = "g3r3"
      rate = "200Gb/s"
    }
    host "g3r3h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r3h1"
      b    = "g3r3"
      rate = "200Gb/s"
    }
    host "g3r3h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r3h2"
      b    = "g3r3"
      rate = "200Gb/s"
    }
    host "g3r3h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g3r3h3"
      b    = "g3r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r0"
      b    = "g3r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r0"
      b    = "g3r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r0"
      b    = "g3r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r1"
      b    = "g3r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r1"
      b    = "g3r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r2"
      b    = "g3r3"
      rate = "200Gb/s"
    }
    switch "g4r0" {
      model = "SN5600"
      tier  = "router"
      group = 4
    }
    host "g4r0h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r0h0"
      b    = "g4r0"
      rate = "200Gb/s"
    }
    host "g4r0h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r0h1"
      b    = "g4r0"
      rate = "200Gb/s"
    }
    host "g4r0h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r0h2"
      b    = "g4r0"
      rate = "200Gb/s"
    }
    host "g4r0h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r0h3"
      b    = "g4r0"
      rate = "200Gb/s"
    }
    switch "g4r1" {
      model = "SN5600"
      tier  = "router"
      group = 4
    }
    host "g4r1h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r1h0"
      b    = "g4r1"
      rate = "200Gb/s"
    }
    host "g4r1h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r1h1"
      b    = "g4r1"
      rate = "200Gb/s"
    }
    host "g4r1h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r1h2"
      b    = "g4r1"
      rate = "200Gb/s"
    }
    host "g4r1h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r1h3"
      b    = "g4r1"
      rate = "200Gb/s"
    }
    switch "g4r2" {
      model = "SN5600"
      tier  = "router"
      group = 4
    }
    host "g4r2h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r2h0"
      b    = "g4r2"
      rate = "200Gb/s"
    }
    host "g4r2h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r2h1"
      b    = "g4r2"
      rate = "200Gb/s"
    }
    host "g4r2h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r2h2"
      b    = "g4r2"
      rate = "200Gb/s"
    }
    host "g4r2h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r2h3"
      b    = "g4r2"
      rate = "200Gb/s"
    }
    switch "g4r3" {
      model = "SN5600"
      tier  = "router"
      group = 4
    }
    host "g4r3h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r3h0"
      b    = "g4r3"
      rate = "200Gb/s"
    }
    host "g4r3h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r3h1"
      b    = "g4r3"
      rate = "200Gb/s"
    }
    host "g4r3h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r3h2"
      b    = "g4r3"
      rate = "200Gb/s"
    }
    host "g4r3h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g4r3h3"
      b    = "g4r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g4r0"
      b    = "g4r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g4r0"
      b    = "g4r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g4r0"
      b    = "g4r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g4r1"
      b    = "g4r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g4r1"
      b    = "g4r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g4r2"
      b    = "g4r3"
      rate = "200Gb/s"
    }
    switch "g5r0" {
      model = "SN5600"
      tier  = "router"
      group = 5
    }
    host "g5r0h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r0h0"
      b    = "g5r0"
      rate = "200Gb/s"
    }
    host "g5r0h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r0h1"
      b    = "g5r0"
      rate = "200Gb/s"
    }
    host "g5r0h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r0h2"
      b    = "g5r0"
      rate = "200Gb/s"
    }
    host "g5r0h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r0h3"
      b    = "g5r0"
      rate = "200Gb/s"
    }
    switch "g5r1" {
      model = "SN5600"
      tier  = "router"
      group = 5
    }
    host "g5r1h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r1h0"
      b    = "g5r1"
      rate = "200Gb/s"
    }
    host "g5r1h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r1h1"
      b    = "g5r1"
      rate = "200Gb/s"
    }
    host "g5r1h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r1h2"
      b    = "g5r1"
      rate = "200Gb/s"
    }
    host "g5r1h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r1h3"
      b    = "g5r1"
      rate = "200Gb/s"
    }
    switch "g5r2" {
      model = "SN5600"
      tier  = "router"
      group = 5
    }
    host "g5r2h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r2h0"
      b    = "g5r2"
      rate = "200Gb/s"
    }
    host "g5r2h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r2h1"
      b    = "g5r2"
      rate = "200Gb/s"
    }
    host "g5r2h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r2h2"
      b    = "g5r2"
      rate = "200Gb/s"
    }
    host "g5r2h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r2h3"
      b    = "g5r2"
      rate = "200Gb/s"
    }
    switch "g5r3" {
      model = "SN5600"
      tier  = "router"
      group = 5
    }
    host "g5r3h0" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r3h0"
      b    = "g5r3"
      rate = "200Gb/s"
    }
    host "g5r3h1" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r3h1"
      b    = "g5r3"
      rate = "200Gb/s"
    }
    host "g5r3h2" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r3h2"
      b    = "g5r3"
      rate = "200Gb/s"
    }
    host "g5r3h3" {
      rate = "200Gb/s"
    }
    link {
      a    = "g5r3h3"
      b    = "g5r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g5r0"
      b    = "g5r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g5r0"
      b    = "g5r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g5r0"
      b    = "g5r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g5r1"
      b    = "g5r2"
      rate = "200Gb/s"
    }
    link {
      a    = "g5r1"
      b    = "g5r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g5r2"
      b    = "g5r3"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0"
      b    = "g1r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r0"
      b    = "g2r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1"
      b    = "g3r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r1"
      b    = "g4r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g0r2"
      b    = "g5r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r0"
      b    = "g2r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1"
      b    = "g3r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r1"
      b    = "g4r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g1r2"
      b    = "g5r0"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1"
      b    = "g3r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r1"
      b    = "g4r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g2r2"
      b    = "g5r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r1"
      b    = "g4r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g3r2"
      b    = "g5r1"
      rate = "200Gb/s"
    }
    link {
      a    = "g4r2"
      b    = "g5r2"
      rate = "200Gb/s"
    }
  }
}
