# Issue 19: a 1024^3 nested for ran 55 s, then out of memory.
locals {
  n = length([for i in range(1024) : [for j in range(1024) : [for k in range(1024) : k]]])
}
