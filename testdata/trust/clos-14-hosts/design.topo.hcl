# Issue 11: a 14-host leaf-spine (2 leaves of 7 hosts, 7 spines) as a clos;
# testdata/trust/custom-14-hosts cables the same fabric by hand, spines
# declared first. Both must read 1:1 end to end (the custom one read 0.5).
fabric "f" {
  clos {
    hosts     = 14
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 2
      down  = 7
      up    = 7
    }
    tier "spine" {
      model = "QM9700"
      count = 7
    }
  }
}
