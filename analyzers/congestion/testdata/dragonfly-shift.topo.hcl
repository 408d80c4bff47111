# Loaded beside examples/dragonfly-small (p=2 a=4 h=2, 9 groups of 8
# terminals): pipeline stage i is group i, and every terminal of group i
# sends to its peer in group i+1 (designs.md acceptance case 14).
workload "shift" {
  gpus = fabric.df.endpoints
  parallelism {
    pipeline = 9
  }

  collective "minimal" {
    op        = "sendrecv"
    size      = "1GB"
    direction = "forward"
    routing   = "ideal"
  }
  collective "valiant" {
    op        = "sendrecv"
    size      = "1GB"
    direction = "forward"
    routing   = "ideal"
    path      = "valiant"
  }
  collective "ugal" {
    op        = "sendrecv"
    size      = "1GB"
    direction = "forward"
    routing   = "ideal"
    path      = "ugal"
  }
}
