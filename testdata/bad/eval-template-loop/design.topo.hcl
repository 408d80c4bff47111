# Issue 19: a template loop of 1,048,576 4 KB strings (4 GB) took 18 s and
# ran out of memory. The evaluation budget stops it.
locals {
  big = "%{for i in range(1024)}%{for j in range(1024)}${format("%04000d", 0)}%{endfor}%{endfor}"
}
