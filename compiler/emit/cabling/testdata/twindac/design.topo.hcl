# Trial 52's bundled leaf-spine, made small: 4 QM9700 leaves send 4
# consecutive uplinks to each of 4 QM9700 spines (striping = "bundled"),
# all 8 switches in the one network rack, so each leaf twin cage's two
# uplinks run to one spine twin cage over copper: one twin-port cable
# (MCP4Y10) carries both.
fabric "ls" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 4
      down  = 16
      up    = 16
    }
    tier "spine" {
      model    = "QM9700"
      count    = 4
      striping = "bundled"
    }
  }
}
