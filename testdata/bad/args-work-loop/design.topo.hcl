# Issue 19 attack: length() of a 4 MB string 1,024 times was one step
# each and ran for minutes; a call costs a step per 64 bytes of arguments.
locals {
  s = join("", [for i in range(1024) : format("%4000s", "")])
  n = [for i in range(1024) : length(local.s)]
}
