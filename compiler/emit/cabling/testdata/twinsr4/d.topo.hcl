# An 800GbE leaf-spine of SN5600: 128 hosts at 800G on 4 leaves that
# share a network rack with the spines. The host links run beyond
# copper's reach, so each takes the twin-port 2 x SR4 medium: two
# MPO-12/APC cords a link (cabling.md S5), 128 links, 256 cords.
fabric "fe" {
  clos {
    hosts     = 128
    host_rate = "800Gb/s"
    tier "leaf" {
      model = "SN5600"
      count = 4
      down  = 32
      up    = 32
    }
    tier "spine" {
      model = "SN5600"
      down  = 32
    }
  }
}
