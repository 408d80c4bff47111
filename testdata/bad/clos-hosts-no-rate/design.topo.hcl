fabric "backend" {
  clos {
    hosts = 32
    tier "leaf" {
      model = "QM9700"
    }
  }
}
