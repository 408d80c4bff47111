# Issue 19: jsonencode of 1,024 references to one 4 MB string asked for
# 4 GB of text. Function arguments are bounded together.
locals {
  s   = join("", [for i in range(1000) : format("%04000d", 0)])
  big = jsonencode([for i in range(1024) : local.s])
}
