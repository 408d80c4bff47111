# A PCIe switch naming a NIC of a model that has none: the error lists
# the model's roles as none.
node_model "box" {
  pcie_switch {
    nics = ["compute[0]"]
  }
}
node_group "b" {
  model = "box"
  count = 1
}
