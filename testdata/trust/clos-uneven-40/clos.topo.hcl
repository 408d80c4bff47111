# Audit of issue 11: five leaves of five uplinks over four spines, so
# each leaf doubles one spine (leaves 0 and 4 both double spine 0). The
# bisection is 13 links (5.2 Tb/s): leaves 0 and 4 with spine 0 and half
# of a third leaf against the rest. The search's orderings keep leaves
# in order and missed it (5.6 Tb/s); every placement of the nine
# switches, the hosts placed best for each, finds it exactly.
fabric "f" {
  clos {
    hosts     = 40
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 5
      down  = 8
      up    = 5
    }
    tier "spine" {
      model = "QM9700"
      count = 4
    }
  }
}
