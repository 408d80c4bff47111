# Issue 11: a 3-tier Clos of 6 pods, 1:1 at every tier. Each super-spine has
# 64 links down over 6 pods (10 or 11 per pod), so no split of the pods into
# halves divides every super-spine's links evenly: the cut found falls short
# of full bisection (ratio 0.979), right in substance, and topoc must say why
# (indivisible-split).
fabric "f" {
  clos {
    hosts     = 3072
    host_rate = "400Gb/s"
    unit "pod" {
      nodes = 512
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["pod"]
      count = 16
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "QM9700"
      per   = ["pod"]
      count = 16
      down  = 32
      up    = 32
    }
    tier "super_spine" {
      model = "QM9700"
      count = 48
      down  = 64
    }
  }
}
