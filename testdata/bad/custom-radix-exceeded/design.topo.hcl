# Issue 11: 65 hosts on a 64-port switch. A summary once printed "-2
# free" ports for such a switch; over-use is radix-exceeded first, and
# free ports are never negative (TestFreePortsNeverNegative).
fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
    }
    host "h" {
      count = 65
      rate  = "400Gb/s"
    }
    link {
      count = 65
      a     = format("h%02d", count.index)
      b     = "leaf"
    }
  }
}
