# Trial 53: a spine of 3 lost leaves exactly 2/3 of the bisection, which
# the analysis computes in float64 as 0.6666666666666666 and HCL's
# (3 - 1) / 3 is to 512 bits: the requirement must read them as equal.
fabric "f" {
  clos {
    hosts     = 12
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 6
      up    = 6
    }
    tier "spine" {
      model = "QM9700"
      count = 3
    }
  }
}

requirement "two_thirds" {
  condition     = fabric.f.whatif.spine.bisection.ratio >= (3 - 1) / 3
  error_message = "below two thirds"
}

requirement "two_thirds_exactly" {
  condition     = fabric.f.whatif.spine.bisection.ratio == 2 / 3
  error_message = "not two thirds"
}

requirement "not_more" {
  condition     = !(fabric.f.whatif.spine.bisection.ratio > 2 / 3)
  error_message = "more than two thirds"
}
