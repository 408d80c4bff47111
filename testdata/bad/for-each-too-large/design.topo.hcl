# 1024 x 130 = 133,120 instances, past the design's expansion budget.
fabric "c" {
  custom {
    switch "s" {
      model    = "QM9700"
      for_each = setproduct(range(1024), range(130))
    }
  }
}
