# A node model with two nic blocks of one role panicked in the compiler
# (the PCIe wiring indexed the role's NICs by the second block's count).
node_model "dup" {
  nic "compute" {
    model = "ConnectX-7"
    count = 1
  }
  nic "storage" {
    model = "ConnectX-7"
    count = 1
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 1
  }
}

node_group "n" {
  model = "dup"
  count = 2
}
