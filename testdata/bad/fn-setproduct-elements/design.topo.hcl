# Issue 19 attack: 4 Mi tuples of 3 peaked at 1.5 GB; a call builds at most 1,048,576 elements.
locals {
  s1 = format("%4096s", "")
  s2 = replace(local.s1, " ", format("%1000s", ""))
  r  = length(setproduct(range(1024), range(1024), range(4)))
}
