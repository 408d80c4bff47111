# Issue 19 attack: a 21 KB pattern of a{1000} repeats took 5 s and
# 600 MB per call.
locals {
  p = join("", [for x in setproduct(range(3), range(1000)) : "a{1000}"])
  n = regexall(local.p, "b")
}
