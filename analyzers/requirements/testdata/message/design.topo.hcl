# 24 hosts on 2 leaves of 12 down and 4 up over 4 spines: 3:1 at the
# leaf, bisection 1.6 Tb/s, ratio exactly 1/3.
fabric "f" {
  clos {
    hosts     = 24
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 12
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 12
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}

requirement "quoted" { # want "requirement-failed"
  condition     = fabric.f.bisection.ratio >= 1
  error_message = "ratio ${fabric.f.bisection.ratio}, end to end ${fabric.f.oversubscription.end_to_end}, ${fabric.f.bisection.bandwidth_bps} b/s, ${fabric.f.endpoints} hosts"
}
