# Issue 19 attack: distinct over a flattened 32,768-element tuple took
# 20 s in go-cty's tuple-to-list conversion, which is quadratic.
locals {
  l = flatten([for i in range(32) : [for j in range(1024) : i * 1024 + j]])
  d = distinct(local.l)
}
