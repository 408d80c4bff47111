# Issue 11: testdata/trust/clos-14-hosts cabled by hand, spines declared
# first: tiers rank by hop distance, not declaration order, so this reads
# 1:1 end to end like the clos.
fabric "f" {
  custom {
    switch "spine" {
      count = 7
      model = "QM9700"
      tier  = "spine"
    }
    switch "leaf" {
      count = 2
      model = "QM9700"
      tier  = "leaf"
    }
    host "h" {
      count = 14
      rate  = "400Gb/s"
    }
    link {
      count = 14
      a     = format("h%02d", count.index)
      b     = "leaf${floor(count.index / 7)}"
      rate  = "400Gb/s"
    }
    link {
      count = 14
      a     = "leaf${count.index % 2}"
      b     = "spine${floor(count.index / 2)}"
      rate  = "400Gb/s"
    }
  }
}
