# A torus dimension needs at least 2 routers: a dimension of 1 is an
# error at dims (leave it out).
fabric "ici" {
  torus {
    dims      = [4, 1, 4]
    link_rate = "400Gb/s"
  }
}
