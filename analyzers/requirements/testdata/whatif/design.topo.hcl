# Requirements over failures (docs/analyzers.md "whatif"): the worst N−1
# case of a class, read at both ends of its proven interval.

# 64 hosts, 8 leaves, 4 spines: any one spine leaves exactly 3/4.
fabric "f" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 8
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}

# A dragonfly with fewer groups than a·h+1 (p=2, a=4, h=2, g=7: 8 global
# ports per group over 6 partners, so some pairs have two links).
fabric "df" {
  dragonfly {
    p           = 2
    a           = 4
    h           = 2
    g           = 7
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}

requirement "spine_three_quarters" {
  condition     = fabric.f.whatif.spine.bisection.ratio >= 0.75
  error_message = "unused"
}

requirement "spine_eighty" { # want "requirement-failed"
  condition     = fabric.f.whatif.spine.bisection.ratio >= 0.8
  error_message = "a spine loss costs more than 20%"
}

requirement "leaf_blast" {
  condition     = fabric.f.whatif.leaf.ranks_disconnected <= 8 && fabric.f.whatif.leaf.ranks_degraded == 0
  error_message = "unused"
}

# A leaf loss disconnects its 8 hosts: the finding names the scenario
# that loses them, not the one with the least bisection.
requirement "leaf_none_lost" { # want "requirement-failed"
  condition     = fabric.f.whatif.leaf.ranks_disconnected == 0
  error_message = "a leaf loss disconnects hosts"
}

# A dragonfly with fewer routers per group than twice its global ports
# (p=2, a=3, h=3, g=7): its bisection is bounded (ratio 0.619–0.762),
# and so is the worst global link loss (0.619–0.715). (df served
# here until reading the arrangement proved its bisection exact.)
fabric "dfb" {
  dragonfly {
    p           = 2
    a           = 3
    h           = 3
    g           = 7
    local_rate  = "200Gb/s"
    global_rate = "200Gb/s"
  }
}

requirement "global_half" {
  condition     = fabric.dfb.whatif.global.bisection.ratio >= 0.65 # want "requirement-unproven"
  error_message = "unused"
}

requirement "typo" {
  condition     = fabric.f.whatif.spines.bisection.ratio >= 0 # want "unknown-reference"
  error_message = "unused"
}

# A spine loss takes 2 of each leaf's 8 uplinks: leaves at 8 ÷ 6.
requirement "leaf_oversub_after_spine" {
  condition     = fabric.f.whatif.spine.oversubscription.leaf <= 1.34
  error_message = "unused"
}

requirement "leaf_oversub_strict" { # want "requirement-failed"
  condition     = fabric.f.whatif.spine.oversubscription.leaf <= 1.3
  error_message = "a spine loss oversubscribes the leaves past 1.3:1"
}

# A failure policy: one spine down in 1 of 4 draws, nothing in the
# others. Half the draws keep the intact bisection (p50 = 1) and the
# worst 1% lose a spine (p99 = 3/4).
failure_policy "spine_sometimes" {
  iterations = 400
  mode "spine" {
    weight = 1
    rule {
      class  = "spine"
      select = "choice"
    }
  }
  mode "quiet" {
    weight = 3
  }
}

requirement "policy_p50" {
  condition     = fabric.f.whatif.spine_sometimes.p50.bisection.ratio >= 1
  error_message = "unused"
}

requirement "policy_p99" {
  condition     = fabric.f.whatif.spine_sometimes.p99.bisection.ratio >= 0.75
  error_message = "unused"
}

requirement "policy_p99_strict" { # want "requirement-failed"
  condition     = fabric.f.whatif.spine_sometimes.p99.bisection.ratio >= 0.8
  error_message = "1% of draws lose more than 20%"
}

# A rule that matches no group cannot be drawn.
failure_policy "nothing_matches" {
  rule { # want "failure-policy-unsatisfiable"
    class  = "spine"
    select = "all"
    match  = ["core*"]
  }
}

# A group of the dragonfly injects a·p = 8 hosts' rate over a·h = 8
# global links; losing one leaves 7, so the worst group runs at 8 ÷ 7.
requirement "group_after_global_loss" {
  condition     = fabric.df.whatif.global.unit_oversubscription.group <= 1.15 && fabric.df.whatif.global.units_cut_off.group == 0
  error_message = "unused"
}

# One spine: losing it leaves every leaf with no uplink, so the leaves'
# oversubscription after a spine loss is null (unbounded), and a
# requirement on it cannot hold; the null it read is among its values.
fabric "thin" {
  clos {
    hosts     = 16
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 4
      up    = 1
    }
    tier "spine" {
      model = "QM9700"
      count = 1
    }
  }
}

requirement "thin_after_spine" {
  condition     = fabric.thin.whatif.spine.oversubscription.leaf <= 4 # want "requirement-invalid"
  error_message = "unused"
}
