# A tier "leaf_spine" over leaf and spine made whatif.leaf_spine fail the
# tier's switches, not the leaf-spine links (second trial finding).
fabric "f" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
    tier "leaf_spine" {
      model = "QM9700"
      count = 1
    }
  }
}
