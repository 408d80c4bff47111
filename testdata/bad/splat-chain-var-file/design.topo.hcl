# Issue 19: the same splat chain in a --var-file (vars.hcl).
variable "x" {
  type    = list(number)
  default = []
}
