# Second trial of issue 11: 6 leaves with 2 uplinks each over 3 spines (a
# partial mesh: leaves share some spines, not all), with pod labels. Every
# leaf is 1:1, but the exact bisection is 0.667: a set of leaves and the
# spines they share tapers 1.5:1. End to end is the proven interval
# 1.5–2 (a half found by the bisection; the hose bound, θ = 1/2), so
# end_to_end <= 1 fails, and is never met on the worst leaf alone.
fabric "ls" {
  clos {
    hosts     = 12
    host_rate = "400Gb/s"
    unit "pod" {
      nodes = 6
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["pod"]
      count = 3
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 3
    }
  }
}
requirement "le" {
  condition     = fabric.ls.oversubscription.end_to_end <= 1
  error_message = "x"
}
