# Issue 19 attack: an empty match at every byte of 4 MB took 481 MB.
locals {
  s1 = format("%4096s", "")
  s2 = replace(local.s1, " ", format("%1000s", ""))
  r  = length(regexall("", local.s2))
}
