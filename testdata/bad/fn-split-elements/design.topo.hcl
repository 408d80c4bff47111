# Issue 19 attack: one piece per byte of a 4 MB string took 438 MB.
locals {
  s1 = format("%4096s", "")
  s2 = replace(local.s1, " ", format("%1000s", ""))
  r  = length(split("", local.s2))
}
