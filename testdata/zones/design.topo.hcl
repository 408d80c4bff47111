# Two k = 4 fat-trees ("west", "east") joined core to core by a composed
# fabric ("cluster"): the shared test design of the composite tests that
# name zones (compiler/emit/dot, analyzers/resilience).
switch_model "S8" {
  radix     = 8 # a k = 4 tree uses 4: 4 left free for joining links
  port_rate = "400Gb/s"
}

fabric "west" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}

fabric "east" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}

fabric "cluster" {
  custom {
    include = ["west", "east"]
    link {
      count = 2
      a     = "core${count.index}"      # west's cores
      b     = "east/core${count.index}" # east's: their names clash with west's, so they carry its name
    }
  }
}
