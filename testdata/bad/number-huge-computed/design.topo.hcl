# Issue 19 attack: parseint of 4,096,000 binary digits made a number
# that ran the machine out of memory in loops; numbers stay within float64.
locals {
  s = replace(join("", [for i in range(1024) : format("%4000s", "")]), " ", "1")
  b = parseint(local.s, 2)
}
