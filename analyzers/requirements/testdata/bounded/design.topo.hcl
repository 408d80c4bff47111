# A dragonfly with fewer routers per group than twice its global ports,
# p=2, a=3, h=3, g=10: its bisection is a proven interval, ratio 0.6
# (dragonfly group-structure bound, with the arrangement read) to 0.7
# (a cut of 21 links; the exact value, by an integer program). Each requirement below is
# decided, or not, by its ends.
fabric "df" {
  dragonfly {
    p           = 2
    a           = 3
    h           = 3
    g           = 10
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}

# Holds at both ends: met.
requirement "half" {
  condition     = fabric.df.bisection.ratio >= 0.45
  error_message = "x"
}

# Fails at both ends: failed.
requirement "sixty" { # want "requirement-failed"
  condition     = fabric.df.bisection.ratio >= 0.75
  error_message = "below 0.75"
}

# Holds at the upper end only: the best cut found is not a proof.
requirement "upper_only" {
  condition     = fabric.df.bisection.ratio >= 0.65 # want "requirement-unproven"
  error_message = "x"
}

# Holds at the lower end only.
requirement "lower_only" {
  condition     = fabric.df.bisection.bandwidth_bps <= 3.9e12 # want "requirement-unproven"
  error_message = "x"
}

# Negation, arithmetic and && keep monotonicity: decided at the ends.
requirement "negated" { # want "requirement-failed"
  condition     = !(fabric.df.bisection.ratio * 2 >= 0.9) || fabric.df.endpoints > 1000
  error_message = "x"
}

# Equality cannot be decided by the ends of an open interval.
requirement "equal" {
  condition     = fabric.df.bisection.ratio == 0.6 # want "requirement-unproven"
  error_message = "x"
}

# The same result in opposite directions is not monotone, even though
# both ends satisfy it.
requirement "window" {
  condition     = fabric.df.bisection.ratio >= 0.45 && fabric.df.bisection.ratio <= 0.75 # want "requirement-unproven"
  error_message = "x"
}

# The proven bound itself is a plain number.
requirement "proven_half" {
  condition     = fabric.df.bisection.lower_bound_ratio >= 0.45
  error_message = "x"
}

# Fields beside the bounded ones are plain values, whatever operator
# reads them: this is decided by the proven lower bound.
requirement "plain_fields" {
  condition     = fabric.df.bisection.method != "exact" && fabric.df.bisection.certificate.cut_links == 21 && fabric.df.bisection.lower_bound_ratio > 0.45
  error_message = "x"
}

# min() and division stay monotone readings: decided by the lower bound
# (function calls and / are metered and checked in evaluation, which the
# monotonicity walk must see through).
requirement "min_half" {
  condition     = min(fabric.df.bisection.ratio, 1) >= 0.45
  error_message = "x"
}

requirement "divided" {
  condition     = fabric.df.bisection.bandwidth_bps / 1e12 >= 2.9
  error_message = "x"
}
