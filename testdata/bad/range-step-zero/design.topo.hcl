# Issue 19: range(0, 10, 0) was reported as "more than 1024 values".
locals {
  r = range(0, 10, 0)
}
