# A power budget is a power literal: kW, not kVA.
node_group "dgx" {
  model = "DGX-H100"
  count = 4
  rack {
    per_rack     = 4
    power_budget = "40kVA"
  }
}
