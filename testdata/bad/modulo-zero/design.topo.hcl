# Issue 19: 5 % 0 silently equalled 5.
locals {
  f = 5 % 0
}
