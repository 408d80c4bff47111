# Issue 11: examples/roce-leaf-spine-2plane with down = 52, up = 12 over
# 8 spines. Each leaf sends 2 links to four spines and 1 to the other four,
# alternating, so "even racks + spines 0-3 | odd racks + spines 4-7" cuts
# 2 planes x 128 links x 400G = 102.4 Tb/s (ratio 0.167); the totals
# suggest 140.8 Tb/s. A requirement ratio >= 0.2 must fail, never pass on
# an overstated cut.
fabric "backend" {
  clos {
    hosts      = 1536
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2

    unit "rack" {
      nodes = 48
    }

    tier "leaf" {
      model = "TH4-64x400G"
      per   = ["rack"]
      down  = 52
      up    = 12
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 8
      down  = 64
    }
  }
}

requirement "ratio_0_2" {
  condition     = fabric.backend.bisection.ratio >= 0.2
  error_message = "The backend must keep a fifth of full bisection."
}
