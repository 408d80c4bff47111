# A 2-tier RoCE leaf-spine, 3:1 oversubscribed at the leaf, two planes.
# 1,536 hosts with 2 x 400GbE ports (port p into plane p), 48 hosts per
# rack; per plane one 64-port leaf per rack (48 down, 16 up) and 8 spines.
# Closed forms per plane: 32 leaves, 32 x 16 = 512 leaf-spine links,
# 8 spines x 64 ports; leaf oversubscription 48:16 = 3.
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
      down  = 48
      up    = 16
    }
    tier "spine" {
      model = "TH4-64x400G"
      count = 8
      down  = 64
    }
  }
}

# Resilience (docs/resilience.md): any one spine down keeps 15/16 of the
# bisection (ratio 0.3125 of the 3:1 fabric's 0.333), proven; the spines
# of a plane are twins, so one evaluation stands for eight.
requirement "survives_any_spine" {
  condition     = fabric.backend.whatif.spine.bisection.ratio >= 0.9 * fabric.backend.bisection.ratio
  error_message = "Losing any one spine must keep 90% of the bisection."
}
