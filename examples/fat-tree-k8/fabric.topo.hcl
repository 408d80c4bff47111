# A k=8 fat-tree (Al-Fares, Loukissas, Vahdat, SIGCOMM 2008): 128 hosts,
# 32 edge + 32 aggregation + 16 core switches, 384 links.
fabric "ft" {
  fat_tree {
    k         = 8
    link_rate = "400Gb/s" # per direction
  }
}

# Resilience (docs/resilience.md): one core switch down costs 1/16 of the
# bisection (1 − 4/k² at k = 8), proven exactly.
requirement "survives_any_core" {
  condition     = fabric.ft.whatif.core.bisection.ratio >= 0.9
  error_message = "Losing any one core switch must keep 90% of the bisection."
}
