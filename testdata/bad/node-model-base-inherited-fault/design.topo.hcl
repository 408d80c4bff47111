# A model that extends the built-in DGX-H100 with no GPUs: the PCIe
# switches it inherits name GPUs it no longer has (reported at base, which
# the design wrote, not in the built-in catalogue), and its NVSwitches
# have nothing to link.
node_model "nogpu" {
  base = "DGX-H100"
  gpus = 0
}

node_group "x" {
  model = "nogpu"
  count = 1
}
