# Issue 19: an empty custom fabric exited 0.
fabric "c" {
  custom {
  }
}
